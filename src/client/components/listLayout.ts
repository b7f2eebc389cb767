import type { SxProps, Theme } from '@mui/material';

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
  '& .RaList-main .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': {
    position: 'relative',
    transform: 'none',
  },
};
