import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface HomeSectionProps {
  title: string;
  /** Shown instead of the content when there is nothing to list. */
  empty: string | null;
  action?: ReactNode;
  children: ReactNode;
}

/** One part of a school's page: a heading, and its table or what to say when it is empty. */
export function HomeSection({ title, empty, action, children }: HomeSectionProps) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {empty === null ? children : <Typography color="text.secondary">{empty}</Typography>}
    </Box>
  );
}
