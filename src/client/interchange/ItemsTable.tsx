import { Box, Chip, Typography, type ChipProps } from '@mui/material';
import { DataTable, ListContextProvider, useList, useTranslate } from 'react-admin';
import { ListPagination, PAGE_SIZE } from '../components/ListPagination';
import type { QuestionImportItem } from '../providers/interchangeMethods';
import { plainText } from '../../common/questions/rich-text';
import { ItemPreviewButton } from './ItemPreviewButton';

type Row = QuestionImportItem & { id: number };

const STATUS_COLORS: Record<QuestionImportItem['status'], ChipProps['color']> = {
  create: 'success',
  unsupported: 'warning',
  error: 'error',
};

/** An item's problems (what stops it) then its notes (what changes on the way in). */
function ProblemsCell({ item }: { item: QuestionImportItem }) {
  const translate = useTranslate();
  if (item.messages.length === 0 && item.notes.length === 0) return <>{translate('interchange.page.none')}</>;
  return (
    <Box component="ul" sx={{ m: 0, ps: 2 }}>
      {item.messages.map((message, index) => (
        <Typography component="li" variant="body2" key={`m${index}`} color="error.main" data-kind="problem">
          {message}
        </Typography>
      ))}
      {item.notes.map((note, index) => (
        <Typography component="li" variant="body2" key={`n${index}`} color="text.secondary" data-kind="note">
          {translate('interchange.page.note')}: {note}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * Every question of the file, a page at a time, in the file's order: its identifier, the answer
 * type it becomes, its status, everything the server has to say about it, and its preview.
 */
export function ItemsTable({ items }: { items: readonly QuestionImportItem[] }) {
  const translate = useTranslate();
  const list = useList<Row>({
    data: items.map((item, index) => ({ ...item, id: index + 1 })),
    perPage: PAGE_SIZE,
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <ListContextProvider value={list}>
      <DataTable<Row> resource="interchange-items" bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          source="identifier"
          label="interchange.page.identifier"
          disableSort
          render={(item: Row) => <bdi>{item.identifier}</bdi>}
        />
        <DataTable.Col
          source="text"
          label="interchange.page.text"
          disableSort
          render={(item: Row) => {
            // The question's own words (the stem), in its own direction, cut at its end.
            const text = item.preview ? plainText(item.preview.text).trim() : '';
            return text ? (
              <Typography noWrap dir="auto" title={text} sx={{ maxWidth: 320, textAlign: 'start' }} variant="body2">
                {text}
              </Typography>
            ) : (
              translate('interchange.page.none')
            );
          }}
        />
        <DataTable.Col
          source="type"
          label="interchange.page.type"
          disableSort
          render={(item: Row) =>
            item.type
              ? translate(`question_editor.kinds.${item.type}`, { _: item.type })
              : translate('interchange.page.none')
          }
        />
        <DataTable.Col
          source="status"
          label="interchange.page.status"
          disableSort
          render={(item: Row) => (
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS[item.status]}
              label={translate(`interchange.page.statuses.${item.status}`)}
              data-status={item.status}
            />
          )}
        />
        <DataTable.Col
          source="messages"
          label="interchange.page.problems"
          disableSort
          render={(item: Row) => <ProblemsCell item={item} />}
        />
        <DataTable.Col
          source="preview"
          label="interchange.page.preview"
          disableSort
          render={(item: Row) => <ItemPreviewButton item={item} />}
        />
      </DataTable>
      <ListPagination />
    </ListContextProvider>
  );
}
