import { Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import type { ExamMonitor, MonitorTotals } from '../../common/contracts/index';
import { formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { STATUS_COUNTS } from './MonitorTotals';
import type { MonitorFilter } from './useExamMonitor';

/** Each row's statuses add up to Assigned (a supervisor's submissions among them); Online is apart. */
const COLUMNS = STATUS_COUNTS;

/** Each school and its classes with their counts; a name chooses it as the monitor's filter. */
export function MonitorGroups({
  schools,
  onChoose,
}: {
  schools: ExamMonitor['schools'];
  onChoose: (filter: MonitorFilter) => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const cells = (totals: MonitorTotals) =>
    COLUMNS.map((key) => (
      <TableCell key={key} align="right">
        {formatNumber(totals[key], language)}
      </TableCell>
    ));
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="monitor-groups-heading">
        <caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <Typography variant="h6" component="h2" id="monitor-groups-heading">
            {translate('exam_day.monitor.groups')}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{translate('exam_day.monitor.school_or_class')}</TableCell>
            {COLUMNS.map((key) => (
              <TableCell key={key} align="right">
                {translate(`exam_day.totals.${key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {schools.map((school) => (
            <Fragment key={school.id}>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                <TableCell component="th" scope="row">
                  <Button size="small" onClick={() => onChoose({ school_id: school.id })}>
                    {nameOf(school, language)}
                  </Button>
                </TableCell>
                {cells(school.totals)}
              </TableRow>
              {school.classes.map((schoolClass) => (
                <TableRow key={schoolClass.id}>
                  <TableCell component="th" scope="row" sx={{ pl: 4 }}>
                    <Button
                      size="small"
                      onClick={() => onChoose({ school_id: school.id, school_class_id: schoolClass.id })}
                    >
                      {nameOf(schoolClass, language)}
                    </Button>
                  </TableCell>
                  {cells(schoolClass.totals)}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
