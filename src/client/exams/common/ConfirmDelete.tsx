import { Confirm } from 'react-admin';

/** The confirmation before a bulk delete (exams or localized exams): closes, then runs `onDelete`. */
export function ConfirmDelete({
  open,
  title,
  content,
  onClose,
  onDelete,
}: {
  open: boolean;
  title: string;
  content: string;
  onClose: () => void;
  onDelete: () => void;
}) {
  return (
    <Confirm
      isOpen={open}
      title={title}
      content={content}
      confirm="ra.action.delete"
      confirmColor="warning"
      onClose={onClose}
      onConfirm={() => {
        onClose();
        onDelete();
      }}
    />
  );
}
