import { Box, Link, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { StudentExamRow } from '../../../common/contracts/index';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { StatusChip } from '../../components/StatusChip';
import { formatList, formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { REPORT_PERMISSIONS } from '../access';
import { DataTable, type Column } from '../common/DataTable';
import { DrillDownBreadcrumbs } from '../common/DrillDownBreadcrumbs';
import { useStudentExams, useStudentProfile } from '../common/queries';
import { useUrlList } from '../common/urlList';
import { REPORT_PATHS } from '../paths';

const DEFAULTS = { sort: 'id', order: 'asc' } as const;

/** `/student-exams?student_id=` (SPEC section 2, Student's Exams): the student and every exam, with results and reports. */
export function StudentExamsPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const studentId = Number(useSearchParams()[0].get('student_id'));
  const { list, update } = useUrlList(DEFAULTS);
  const exams = useStudentExams(studentId, list);
  const profile = useStudentProfile(studentId);
  const label = (key: string) => translate(`report_screens.student_exams.${key}`);
  const number = (value: number) => formatNumber(value, language);
  const canView = access.allows({ anyOf: REPORT_PERMISSIONS.view });
  const columns: Column<StudentExamRow>[] = [
    { key: 'exam', label: label('exam'), sort: 'name', render: (row) => nameOf(row.exam, language) },
    { key: 'round', label: label('round'), render: (row) => nameOf(row.round, language) },
    { key: 'year', label: label('academic_year'), render: (row) => nameOf(row.academic_year, language) },
    { key: 'exam_status', label: label('exam_status'), render: (row) => <StatusChip status={row.exam_status} /> },
    {
      key: 'correction',
      label: label('correction_status'),
      render: (row) => (row.correction_status ? <StatusChip status={row.correction_status} /> : '—'),
    },
    {
      key: 'total',
      label: label('total'),
      render: (row) => (row.total === null ? '—' : <bdi>{`${number(row.total)} / ${number(row.total_mark)}`}</bdi>),
    },
    {
      key: 'result',
      label: label('result'),
      render: (row) => (row.passed === null ? '—' : translate(`report_screens.${row.passed ? 'passed' : 'failed'}`)),
    },
    {
      key: 'report',
      label: label('report'),
      render: (row) =>
        canView && row.report?.status.key === 'generated' ? (
          <Link component={RouterLink} to={REPORT_PATHS.viewer(row.report.id, language)}>
            {label('view_report')}
          </Link>
        ) : row.report ? (
          <StatusChip status={row.report.status} />
        ) : (
          '—'
        ),
    },
  ];
  const student = profile.data?.student;
  return (
    <>
      <DrillDownBreadcrumbs trail={exams.data?.breadcrumbs} />
      <PageHeading
        title={student ? translate('report_screens.student_exams.named_title', { name: student.name }) : label('title')}
      />
      {student && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="student-summary">
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            {[
              [label('school'), nameOf(student.school, language)],
              [label('grade'), nameOf(student.grade, language)],
              [
                label('school_class'),
                formatList(
                  profile.data!.classes.map((c) => nameOf(c, language)),
                  language,
                ),
              ],
            ].map(([term, value]) => (
              <Typography key={term}>
                <Box component="span" sx={{ color: 'text.secondary', marginInlineEnd: 1 }}>
                  {term}
                </Box>
                {value}
              </Typography>
            ))}
          </Box>
        </Paper>
      )}
      <DataTable
        testId="student-exams-list"
        rows={exams.data?.data}
        columns={columns}
        list={list}
        total={exams.data?.meta.total}
        loading={exams.isPending}
        fetching={exams.isFetching}
        error={exams.error}
        onChange={update}
      />
    </>
  );
}
