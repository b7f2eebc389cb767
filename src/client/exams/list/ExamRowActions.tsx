import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import PublicIcon from '@mui/icons-material/Public';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CORRECTION_PERMISSIONS, examStudentsPath } from '../../correction';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { examMonitorPath } from '../analysis/ExamTabs';
import { useExamAccess } from '../common/useExamAccess';
import type { Exam } from '../types';
import { useExamActions } from './useExamActions';

interface ActionProps {
  label: string;
  icon: ReactElement;
  to?: string;
  onClick?: () => void;
  color?: 'error' | 'primary';
}

/** An icon button named for assistive technology, with the same name as a tooltip. */
function Action({ label, icon, to, onClick, color }: ActionProps) {
  const link = to ? { component: RouterLink, to } : {};
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} color={color} {...link}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** Keeps an action's place in a row where it does not apply, so icons line up from row to row. */
const Slot = () => <Box component="span" aria-hidden sx={{ width: 34, flexShrink: 0 }} />;

/**
 * A row's actions (SPEC section 2, /exams), each only with its permission; localize only for a
 * published exam and delete only for a draft (a published exam is not deleted). Every row has the
 * same slots, so the icons form columns.
 */
export function ExamRowActions({ exam }: { exam: Exam }) {
  const translate = useTranslate();
  const language = useLanguage();
  const { can, allows } = useExamAccess();
  const actions = useExamActions();
  const [confirming, setConfirming] = useState(false);
  const label = (key: string) => translate(`exams.actions.${key}`);

  return (
    <Box
      sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-start', flexWrap: 'nowrap' }}
      onClick={(event) => event.stopPropagation()}
    >
      {can('edit') && <Action label={label('edit')} icon={<EditIcon />} to={`/exams/${exam.id}/edit`} />}
      {can('edit') &&
        (exam.is_published ? (
          <Action label={label('unpublish')} icon={<UnpublishedIcon />} onClick={() => void actions.unpublish(exam)} />
        ) : (
          <Action label={label('publish')} icon={<PublishIcon />} onClick={() => void actions.publish(exam)} />
        ))}
      {can('create') && (
        <Action label={label('duplicate')} icon={<ContentCopyIcon />} onClick={() => void actions.duplicate(exam)} />
      )}
      {can('preview') && <Action label={label('preview')} icon={<VisibilityIcon />} to={`/exams/${exam.id}/preview`} />}
      {can('localizations') &&
        (exam.is_published ? (
          <Action label={label('localize')} icon={<PublicIcon />} to={`/exams/${exam.id}/localize`} />
        ) : (
          <Slot />
        ))}
      {can('assign') &&
        (exam.is_published ? (
          <Action label={translate('delivery.assign.action')} icon={<GroupAddIcon />} to={`/exams/${exam.id}/assign`} />
        ) : (
          <Slot />
        ))}
      {allows({ anyOf: CORRECTION_PERMISSIONS.students }) &&
        (exam.is_published ? (
          <Action label={translate('exam_students.action')} icon={<RateReviewIcon />} to={examStudentsPath(exam.id)} />
        ) : (
          <Slot />
        ))}
      {can('monitor') &&
        (exam.is_published ? (
          <Action label={translate('exam_day.tab')} icon={<MonitorHeartIcon />} to={examMonitorPath(exam.id)} />
        ) : (
          <Slot />
        ))}
      {can('delete') &&
        (exam.is_published ? (
          <Slot />
        ) : (
          <Action label={label('delete')} icon={<DeleteIcon />} color="error" onClick={() => setConfirming(true)} />
        ))}
      <Confirm
        isOpen={confirming}
        title={translate('exams.actions.delete_title', { id: exam.id })}
        content={translate('exams.actions.delete_content', { name: nameOf(exam, language) })}
        confirm="ra.action.delete"
        confirmColor="warning"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void actions.remove(exam);
        }}
      />
    </Box>
  );
}
