import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** An exam's or localized exam's state (SPEC section 4): published, or a draft. */
export function PublishedChip({ published }: { published: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={published ? 'success' : 'default'}
      variant={published ? 'filled' : 'outlined'}
      label={translate(published ? 'exams.list.published' : 'exams.list.draft')}
    />
  );
}
