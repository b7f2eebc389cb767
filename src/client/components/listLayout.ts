import type { SxProps, Theme } from '@mui/material';

/**
 * 6 px side padding between cells instead of MUI's 16 (the outer cells keep theirs): the ten
 * columns of the exams list give back 200 px, the difference between a table that fits a 1025 px
 * window and one that scrolls.
 */
const compactCells = {
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { paddingInline: '6px' },
  '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox):first-of-type': { paddingInlineStart: '16px' },
  '& .MuiTableCell-root:last-of-type': { paddingInlineEnd: '16px' },
};

/** A table outside react-admin's List (the assigned students): the same compact cells, scrolling in its box. */
export const compactTableSx: SxProps<Theme> = { maxWidth: '100%', overflowX: 'auto', ...compactCells };

/** A column of names: wide enough for a few words a line, so a name is not one word per line. */
export const nameColumnSx = { minWidth: '9.5rem' } as const;

/**
 * Every list fits its window from 1025 px up, in both directions: the filter row wraps instead of
 * pushing the Add button off screen, and a table wider than the page scrolls inside its card
 * rather than the page scrolling sideways. The bulk-selection toolbar takes its own row above the
 * table instead of sliding over the filters.
 */
export const listLayoutSx: SxProps<Theme> = {
  minWidth: 0,
  '& .RaList-main': { minWidth: 0, maxWidth: '100%' },
  '& .RaList-actions': { flexWrap: 'wrap', alignItems: 'flex-end', gap: 1, minWidth: 0 },
  '& .RaList-actions > form': { flex: '1 1 480px', flexWrap: 'wrap', minWidth: 0, rowGap: 1 },
  '& .RaList-content': { maxWidth: '100%', overflowX: 'auto' },
  ...compactCells,
  '& .RaList-main .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': {
    position: 'relative',
    transform: 'none',
  },
};
