import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box } from '@mui/material';
import { Button, DataTable, List, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ListPagination, PAGE_SIZE } from '../../components/ListPagination';
import questionsBank from '../../../../schemas/questions-bank';
import type { ResourceDefinition } from '../../../../schemas/vocabulary';
import { declaredColumns, declaredFilters, FetchErrorMessage, NoAccessMessage, NoDataMessage } from '../../generic';
import { usePlatformSelection } from '../../platforms';
import { PlatformSelector } from '../../platforms';
import { QUESTION_PATHS, QUESTIONS_RESOURCE, useQuestionAccess } from '../access';
import { DeleteQuestionButton } from '../DeleteQuestionButton';
import { QuestionHeading } from '../QuestionHeading';
import { useQuestionNotify } from '../useQuestionNotify';
import { TextExcerptField } from './QuestionColumns';
import { listLayoutSx } from '../../components/listLayout';

function RowActions({ record, platformId }: { record: RaRecord; platformId: number }) {
  const access = useQuestionAccess();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }} onClick={(event) => event.stopPropagation()}>
      {access.canEdit && (
        <Button component={RouterLink} to={QUESTION_PATHS.edit(record.id)} label="ra.action.edit">
          <EditIcon />
        </Button>
      )}
      <Button component={RouterLink} to={QUESTION_PATHS.preview(record.id)} label="question_editor.preview">
        <VisibilityIcon />
      </Button>
      {access.canDelete && <DeleteQuestionButton record={record} platformId={platformId} />}
    </Box>
  );
}

/**
 * `/questions-bank`: the platform's questions, searchable and filtered, with actions by permission.
 * Its columns and filters are the declaration's (schemas/questions-bank.ts `list`), the text drawn
 * as a plain excerpt.
 */
export function QuestionList({ definition = questionsBank }: { definition?: ResourceDefinition } = {}) {
  const translate = useTranslate();
  const access = useQuestionAccess();
  const selection = usePlatformSelection();
  const notify = useQuestionNotify();
  const platformId = selection?.selected?.id ?? null;
  const identifier = selection?.selected?.identifier ?? null;

  if (!access.canView) {
    return (
      <>
        <QuestionHeading title="question_editor.list_title" />
        <NoAccessMessage />
      </>
    );
  }
  return (
    <>
      <QuestionHeading title="question_editor.list_title" />
      <PlatformSelector />
      {platformId !== null && (
        <List
          sx={listLayoutSx}
          key={platformId}
          resource={QUESTIONS_RESOURCE}
          filter={{ platform_id: platformId }}
          filters={declaredFilters(definition, translate('ra.action.search'), platformId)}
          sort={{ field: definition.list.sort, order: definition.list.order === 'asc' ? 'ASC' : 'DESC' }}
          perPage={PAGE_SIZE}
          pagination={<ListPagination />}
          actions={
            access.canCreate ? (
              <TopToolbar>
                <Button component={RouterLink} to={QUESTION_PATHS.interchange} label="interchange.page.link">
                  <ImportExportIcon />
                </Button>
                <Button
                  component={RouterLink}
                  to={QUESTION_PATHS.create}
                  label="ra.action.add"
                  variant="contained"
                  size="medium"
                >
                  <AddIcon />
                </Button>
              </TopToolbar>
            ) : (
              false
            )
          }
          exporter={false}
          title={false}
          empty={false}
          error={<FetchErrorMessage />}
          disableSyncWithLocation
          storeKey={`questions-bank.${platformId}.listParams`}
          queryOptions={{ onError: (error: unknown) => notify.fetchError(error) }}
        >
          <DataTable
            bulkActionButtons={false}
            rowClick={access.canEdit ? (id) => QUESTION_PATHS.edit(id) : false}
            empty={<NoDataMessage />}
          >
            {declaredColumns(definition, identifier, {
              // Stored markup is never rendered in the list.
              text: <DataTable.Col key="text" source="text" field={TextExcerptField} />,
            })}
            <DataTable.Col
              label="settings.actions"
              render={(record: RaRecord) => <RowActions record={record} platformId={platformId} />}
            />
          </DataTable>
        </List>
      )}
    </>
  );
}
