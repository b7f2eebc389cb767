import { Alert, Box, Breadcrumbs, Button, LinearProgress, TablePagination, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { MonitorStatus } from '../../common/contracts/index';
import { useParams } from 'react-router-dom';
import { AREAS } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { useAccess } from '../auth';
import { PageHeading } from '../components/PageHeading';
import { useNotifyResult } from '../components/useNotifyResult';
import { ExamTabs } from '../exams';
import { formatNumber } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { ExtraTimeDialog } from './ExtraTimeDialog';
import { InterventionBar, type BarAction } from './InterventionBar';
import { InterventionDialog } from './InterventionDialog';
import { MonitorGroups } from './MonitorGroups';
import { MonitorStudents } from './MonitorStudents';
import { MonitorTotals } from './MonitorTotals';
import { AnonymityControls } from './AnonymityControls';
import { ReleaseControls } from './ReleaseControls';
import { StudentsToolbar } from './StudentsToolbar';
import { monitorKey, MONITOR_REFRESH_MS, useExamMonitor, type MonitorFilter } from './useExamMonitor';

const INTERVENE = [permissionFor(AREAS.examMonitor, 'edit')];
/** Extra time is an accommodation: a permission of its own (issue 39). */
const ACCOMMODATE = [permissionFor(AREAS.accommodations, 'edit')];

/**
 * `/exams/{id}/monitor` (issue 26): the exam as it is sat now, read again every few seconds: totals,
 * schools and classes, and each student; for those who may, interventions on the students chosen
 * (or the class or school shown) and the release of results. School staff see their schools only.
 */
export default function ExamMonitorPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const queryClient = useQueryClient();
  const { say } = useNotifyResult('exam_day.notifications');
  const examId = Number(useParams().id);
  const [filter, setFilter] = useState<MonitorFilter>({});
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(50);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MonitorStatus | ''>('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<BarAction | null>(null);
  const monitor = useExamMonitor(examId, {
    ...filter,
    page,
    per_page: perPage,
    ...(status ? { status } : {}),
    ...(search.trim() ? { search } : {}),
  });
  const data = monitor.data?.data;
  const meta = monitor.data?.meta;
  // A new choice of students starts on their first page, with nothing chosen.
  const narrow = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected(new Set());
  };
  const canIntervene = access.allows({ anyOf: INTERVENE }) && data?.exam.is_mock === false;

  const choose = (next: MonitorFilter) => narrow(() => setFilter(next));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: monitorKey(examId) });
  const closeDialog = (done: boolean, action: BarAction) => {
    setDialog(null);
    if (!done) return;
    say(`done.${action}`);
    setSelected(new Set());
    refresh();
  };

  if (!data) {
    return monitor.isError ? (
      <Alert severity="error">{translate('exam_day.monitor.load_failed')}</Alert>
    ) : (
      <LinearProgress aria-label={translate('ra.page.loading')} />
    );
  }
  const school = data.schools.find((s) => s.id === filter.school_id);
  const schoolClass = school?.classes.find((c) => c.id === filter.school_class_id);
  const chosen = data.students.filter((student) => selected.has(student.student_id));
  const target =
    chosen.length > 0
      ? { student_ids: chosen.map((student) => student.student_id) }
      : schoolClass
        ? { school_class_id: schoolClass.id }
        : school
          ? { school_id: school.id }
          : null;
  const targetLabel =
    chosen.length > 0
      ? chosen.length === 1
        ? nameOf(chosen[0]!, language)
        : translate('exam_day.monitor.selected', {
            smart_count: chosen.length,
            count: formatNumber(chosen.length, language),
          })
      : schoolClass
        ? nameOf(schoolClass, language)
        : school
          ? nameOf(school, language)
          : translate('exam_day.monitor.whole_exam');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageHeading title={translate('exam_day.monitor.title', { name: nameOf(data.exam, language) })} />
      <ExamTabs examId={examId} current="monitor" />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Breadcrumbs aria-label={translate('exam_day.monitor.scope')} sx={{ flexGrow: 1 }}>
          <Button size="small" onClick={() => choose({})} disabled={!school}>
            {translate('exam_day.monitor.whole_exam')}
          </Button>
          {school && (
            <Button size="small" onClick={() => choose({ school_id: school.id })} disabled={!schoolClass}>
              {nameOf(school, language)}
            </Button>
          )}
          {schoolClass && <Typography>{nameOf(schoolClass, language)}</Typography>}
        </Breadcrumbs>
        <Typography variant="body2" color="text.secondary" data-testid="monitor-updated">
          {translate('exam_day.monitor.updated', {
            time: new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(new Date(monitor.dataUpdatedAt)),
            seconds: formatNumber(MONITOR_REFRESH_MS / 1000, language),
          })}
        </Typography>
      </Box>
      {monitor.isError && (
        <Alert severity="warning" role="status">
          {translate('exam_day.monitor.refresh_failed')}
        </Alert>
      )}
      {data.exam.is_mock && <Alert severity="info">{translate('exam_day.monitor.mock')}</Alert>}
      <AnonymityControls examId={examId} anonymity={data.exam.anonymity} onChanged={refresh} />
      <MonitorTotals totals={data.totals} />
      {!data.exam.is_mock && (
        <ReleaseControls
          examId={examId}
          released={data.totals.released}
          total={data.totals.assigned}
          target={target ?? {}}
          targetLabel={targetLabel}
          whole={chosen.length === 0 && !schoolClass && !school}
          onChanged={refresh}
        />
      )}
      {canIntervene && (
        <InterventionBar
          targetLabel={targetLabel}
          disabled={target === null}
          allowExtraTime={chosen.length > 0 && access.allows({ anyOf: ACCOMMODATE })}
          onAction={setDialog}
        />
      )}
      <MonitorGroups schools={data.schools} onChoose={choose} />
      <StudentsToolbar
        search={search}
        status={status}
        onSearch={(next) => narrow(() => setSearch(next))}
        onStatus={(next) => narrow(() => setStatus(next))}
      />
      <MonitorStudents students={data.students} selected={selected} onSelect={setSelected} selectable={canIntervene} />
      {meta && (
        <TablePagination
          component="div"
          count={meta.total}
          page={meta.current_page - 1}
          rowsPerPage={meta.per_page}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_event, next) => {
            setPage(next + 1);
            setSelected(new Set());
          }}
          onRowsPerPageChange={(event) => narrow(() => setPerPage(Number(event.target.value)))}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', {
              offsetBegin: formatNumber(from, language),
              offsetEnd: formatNumber(to, language),
              total: formatNumber(count, language),
            })
          }
        />
      )}
      {dialog === 'extra_time' && (
        <ExtraTimeDialog
          examId={examId}
          studentIds={chosen.map((student) => student.student_id)}
          targetLabel={targetLabel}
          onClose={(done) => closeDialog(done, 'extra_time')}
        />
      )}
      {dialog && dialog !== 'extra_time' && target && (
        <InterventionDialog
          examId={examId}
          action={dialog}
          target={target}
          targetLabel={targetLabel}
          onClose={(done) => closeDialog(done, dialog)}
        />
      )}
    </Box>
  );
}
