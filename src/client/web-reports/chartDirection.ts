import { useTheme } from '@mui/material';

/**
 * Charts are drawn left to right (recharts under `dir=rtl` overlaps its axis labels: STACK-NOTES);
 * in Arabic the page mirrors them instead: categories and series in reverse order, the value axis
 * on the right, so the first category reads first from the right.
 */
export function useChartDirection() {
  const rtl = useTheme().direction === 'rtl';
  return {
    rtl,
    ordered: <T>(items: readonly T[]): T[] => (rtl ? [...items].reverse() : [...items]),
    valueAxis: (rtl ? 'right' : 'left') as 'left' | 'right',
  };
}

/** The colours of the tiers (below, within, above) and of series, distinguishable in print and for colour blindness. */
export const TIER_COLOURS = { below: '#d55e00', within: '#e6a700', above: '#009e73' } as const;
export const SERIES_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'];
