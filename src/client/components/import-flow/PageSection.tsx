import { Paper, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One part of the roster page: a titled region, so assistive technology can jump between them. */
export function PageSection({
  title,
  text,
  children,
  testId,
}: {
  title: string;
  text?: string;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, mb: 2, maxWidth: 960 }}
      data-testid={testId}
    >
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {text}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
