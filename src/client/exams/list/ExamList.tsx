import AddIcon from '@mui/icons-material/Add';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { Box, Typography } from '@mui/material';
import { Button, DataTable, List, TopToolbar, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListPagination, PAGE_SIZE } from '../../components/ListPagination';
import examsDeclaration from '../../../../schemas/exams';
import type { ResourceDefinition } from '../../../../schemas/vocabulary';
import { formatDateTime } from '../../format';
import { declaredColumns, RowNameProvider, SelectableBody } from '../../generic';
import { usePlatformSelection } from '../../platforms';
import { PlatformSelector } from '../../platforms';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { PageHeading } from '../../components/PageHeading';
import { PublishedChip } from '../common/PublishedChip';
import { useExamAccess } from '../common/useExamAccess';
import { useExamLookups } from '../common/useExamLookups';
import { useNotifyResult } from '../../components/useNotifyResult';
import type { Exam } from '../types';
import { ExamBulkActions } from './ExamBulkActions';
import { examFilters } from './examFilters';
import { ExamRowActions } from './ExamRowActions';
import { listLayoutSx, nameColumnSx } from '../../components/listLayout';

function AddExamButton() {
  return (
    <TopToolbar>
      <Button component={RouterLink} to="/exams/create" label="exams.list.add" variant="contained" size="medium">
        <AddIcon />
      </Button>
    </TopToolbar>
  );
}

// Dates read as one unit; wrapping splits the date from its time.
const noWrap = () => ({ whiteSpace: 'nowrap' as const });

/** The list's empty state (the spec's "No data available" in this area's own words). */
function NoExams() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, textAlign: 'center' }} data-testid="no-exams">
      <AssignmentIcon color="disabled" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h6" component="p">
        {translate('exams.empty')}
      </Typography>
      <Typography color="text.secondary">{translate('exams.empty_hint')}</Typography>
    </Box>
  );
}

/**
 * `/exams` (SPEC section 2): the selected platform's exams with filters and search, bulk
 * publish, unpublish and delete, and row actions each shown only with its permission. Its columns
 * are the declaration's (schemas/exams.ts), a few drawn its own way.
 */
export function ExamList({ definition = examsDeclaration }: { definition?: ResourceDefinition } = {}) {
  const translate = useTranslate();
  const language = useLanguage();
  const { can } = useExamAccess();
  const notify = useNotifyResult('exams.notifications');
  const platform = usePlatformSelection()?.selected ?? null;
  const lookups = useExamLookups(platform?.id ?? null);
  const nameField = language === 'ar' ? 'name_ar' : 'name_en';
  const bulk = can('edit') || can('delete');

  return (
    <>
      <PageHeading title={translate('exams.title')} />
      <PlatformSelector />
      {platform && (
        <List
          sx={listLayoutSx}
          key={platform.id}
          resource="exams"
          filter={{ platform_id: platform.id }}
          filters={examFilters(lookups.data, platform.identifier, language, translate('ra.action.search'))}
          sort={{ field: 'id', order: 'DESC' }}
          perPage={PAGE_SIZE}
          pagination={<ListPagination />}
          actions={can('create') ? <AddExamButton /> : false}
          exporter={false}
          title={false}
          empty={false}
          disableSyncWithLocation
          storeKey={`exams.${platform.id}.listParams`}
          queryOptions={{ onError: (error: unknown) => notify.fail('fetch_error', error) }}
        >
          <RowNameProvider name={(exam) => nameOf(exam, language)}>
            <DataTable
              body={SelectableBody}
              bulkActionButtons={bulk ? <ExamBulkActions /> : false}
              rowClick={false}
              empty={<NoExams />}
            >
              {declaredColumns(definition, platform.identifier, {
                // One name, in the reader's language.
                name_en: (
                  <DataTable.Col
                    key="name"
                    source={nameField}
                    label="resources.exams.fields.name"
                    cellSx={() => nameColumnSx}
                    render={(exam: Exam) => <bdi>{nameOf(exam, language)}</bdi>}
                  />
                ),
                name_ar: null,
                is_published: (
                  <DataTable.Col
                    key="is_published"
                    source="is_published"
                    label="exams.list.status"
                    render={(exam: Exam) => <PublishedChip published={exam.is_published} />}
                  />
                ),
                // The window: its start above its end.
                start_date_time: (
                  <DataTable.Col
                    key="window"
                    source="start_date_time"
                    label="exams.list.window"
                    cellSx={noWrap}
                    render={(exam: Exam) => (
                      <>
                        {formatDateTime(exam.start_date_time, language)}
                        <br />
                        {formatDateTime(exam.end_date_time, language)}
                      </>
                    )}
                  />
                ),
              })}
              <DataTable.Col
                label="exams.list.actions"
                disableSort
                render={(exam: Exam) => <ExamRowActions exam={exam} />}
              />
            </DataTable>
          </RowNameProvider>
        </List>
      )}
    </>
  );
}
