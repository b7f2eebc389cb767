import { Box, Card, CardContent, Typography } from '@mui/material';

/** A figure as a card: its key (its label's and test id's), its value, and a note under it. */
export type Figure = [key: string, value: string, note?: string | null];

/**
 * Figures as a grid of cards, each labelled by `label(key)` and found by `${cardTestId}-${key}`:
 * the exam's figures (reliability, spread) and an adaptive exam's (precision, pool use) share it.
 */
export function FigureCards({
  figures,
  label,
  cardTestId,
  gridTestId,
  minWidth,
}: {
  figures: Figure[];
  label: (key: string) => string;
  cardTestId: string;
  gridTestId?: string;
  minWidth: number;
}) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fit, minmax(${minWidth}px, 1fr))`, gap: 2, mb: 2 }}
      data-testid={gridTestId}
    >
      {figures.map(([key, value, note]) => (
        <Card key={key} variant="outlined" data-testid={`${cardTestId}-${key}`}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {label(key)}
            </Typography>
            <Typography variant="h5" component="p">
              {value}
            </Typography>
            {note && (
              <Typography variant="caption" color="text.secondary">
                {note}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
