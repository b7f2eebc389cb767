import { Chip, type ChipProps } from '@mui/material';
import type { StatusEntry } from '../../common/contracts/index';
import { nameOf, useLanguage } from '../i18n/recordName';

/**
 * Colours by key, across the status lookups (exam, correction, report, migration): done is green,
 * under way is amber, not begun is grey, failed is red.
 */
const COLORS: Record<string, ChipProps['color']> = {
  not_started: 'default',
  in_progress: 'warning',
  submitted: 'info',
  auto_submitted: 'info',
  absent: 'error',
  not_corrected: 'default',
  corrected: 'success',
  none: 'default',
  generate: 'default',
  generating: 'warning',
  pending: 'warning',
  migrating: 'warning',
  generated: 'success',
  migrated: 'success',
  failed: 'error',
  failed_generating: 'error',
  download_failed: 'error',
};

/** A status (exam, correction, report, migration), named in the reader's language (the API sends both names). */
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
