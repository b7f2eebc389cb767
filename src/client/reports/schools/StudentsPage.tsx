import { Box, Link, MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { SchoolStudent } from '../../../common/contracts/index';
import { countryName } from '../../../common/countries';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { REPORT_PERMISSIONS } from '../access';
import { DataTable, type Column } from '../common/DataTable';
import { crumbLabel, DrillDownBreadcrumbs } from '../common/DrillDownBreadcrumbs';
import { useGradeStudents } from '../common/queries';
import { SearchField } from '../common/SearchField';
import { useUrlList } from '../common/urlList';
import { REPORT_PATHS } from '../paths';

const DEFAULTS = { sort: 'id', order: 'asc' } as const;

/** `/students?school_id=&grade_id=` (SPEC section 2): a school's students of one grade, by class and name. */
export function StudentsPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const [params] = useSearchParams();
  // Without the permission the read would be refused with a 403, which signs the user out: no filter then.
  const canFilterClasses = useAccess().allows({ anyOf: REPORT_PERMISSIONS.classes });
  const schoolId = Number(params.get('school_id'));
  const gradeId = Number(params.get('grade_id'));
  const { list, update } = useUrlList(DEFAULTS);
  const students = useGradeStudents(schoolId, gradeId, list);
  const label = (key: string) => translate(`report_screens.students.${key}`);
  const number = (value: number) => formatNumber(value, language);
  const grade = students.data?.breadcrumbs[2];
  const classes = useGetList<{ id: number; name_en: string; name_ar: string }>(
    'school-classes',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: { school_id: schoolId, grade_id: gradeId },
    },
    { enabled: canFilterClasses },
  );
  const columns: Column<SchoolStudent>[] = [
    {
      key: 'name',
      label: label('name'),
      sort: 'name',
      render: (row) => (
        <Link component={RouterLink} to={REPORT_PATHS.studentExams(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'class',
      label: label('school_class'),
      sort: 'school_class',
      render: (row) => nameOf(row.school_class, language),
    },
    {
      key: 'gender',
      label: label('gender'),
      render: (row) => (row.gender ? translate(`reports.genders.${row.gender}`) : ''),
    },
    {
      key: 'nationality',
      label: label('nationality'),
      render: (row) => (row.nationality ? countryName(row.nationality, language) : ''),
    },
    { key: 'exams', label: label('exams'), render: (row) => number(row.exams_count) },
    { key: 'submitted', label: label('submitted'), render: (row) => number(row.submitted_count) },
    { key: 'corrected', label: label('corrected'), render: (row) => number(row.corrected_count) },
  ];
  return (
    <>
      <DrillDownBreadcrumbs trail={students.data?.breadcrumbs} />
      <PageHeading
        title={
          grade
            ? translate('report_screens.students.title', { grade: crumbLabel(grade, language) })
            : translate('report_screens.students.plain_title')
        }
      />
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <SearchField value={list.search} onSearch={(search) => update({ search })} />
        {canFilterClasses && (
          <TextField
            select
            size="small"
            variant="filled"
            fullWidth={false}
            sx={{ width: 220 }}
            label={label('school_class')}
            value={list.filters.school_class_id ?? ''}
            onChange={(event) => update({ filters: { ...list.filters, school_class_id: event.target.value } })}
          >
            <MenuItem value="">{label('all_classes')}</MenuItem>
            {(classes.data ?? []).map((cls) => (
              <MenuItem key={cls.id} value={String(cls.id)}>
                {nameOf(cls, language)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <DataTable
        testId="students-list"
        rows={students.data?.data}
        columns={columns}
        list={list}
        total={students.data?.meta.total}
        loading={students.isPending}
        fetching={students.isFetching}
        error={students.error}
        onChange={update}
      />
    </>
  );
}
