import { Chip, type ChipProps } from '@mui/material';
import type { StatusEntry } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';

/** Colours by key: both lookups share "in progress"; done is green, not begun is grey. */
const COLORS: Record<string, ChipProps['color']> = {
  not_started: 'default',
  in_progress: 'warning',
  submitted: 'info',
  auto_submitted: 'info',
  absent: 'error',
  not_corrected: 'default',
  corrected: 'success',
};

/** An exam or correction status, named in the reader's language (the API sends both names). */
export function StatusChip({ status, label, ...props }: { status: StatusEntry; label?: string } & ChipProps) {
  const language = useLanguage();
  const name = nameOf(status, language);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status.key] ?? 'default'}
      label={label ?? name}
      data-status={status.key}
      {...props}
    />
  );
}
