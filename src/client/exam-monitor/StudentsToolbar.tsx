import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MONITOR_STATUSES, type MonitorStatus } from '../../common/contracts/index';

/** Narrows the students shown: by name or number, and by status (the counts above keep the whole scope). */
export function StudentsToolbar({
  search,
  status,
  onSearch,
  onStatus,
}: {
  search: string;
  status: MonitorStatus | '';
  onSearch: (search: string) => void;
  onStatus: (status: MonitorStatus | '') => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="search"
        label={translate('exam_day.monitor.search')}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <TextField
        select
        size="small"
        sx={{ minWidth: 220 }}
        label={translate('exam_day.columns.status')}
        value={status}
        onChange={(event) => onStatus(event.target.value as MonitorStatus | '')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('exam_day.monitor.all_statuses')}</MenuItem>
        {MONITOR_STATUSES.map((key) => (
          <MenuItem key={key} value={key}>
            {translate(`exam_day.statuses.${key}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
