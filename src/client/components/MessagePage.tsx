import { Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

interface MessagePageProps {
  testId: string;
  icon: ReactNode;
  title: string;
  message: string;
  /** Offer a way back home; the block page has nowhere to go. */
  homeLink?: boolean;
}

/** A centred notice with a title and a message: restricted, not found and block pages. */
export function MessagePage({ testId, icon, title, message, homeLink = true }: MessagePageProps) {
  const translate = useTranslate();
  return (
    <Box data-testid={testId} sx={{ display: 'flex', justifyContent: 'center', py: 8, px: 2 }}>
      <Paper variant="outlined" sx={{ maxWidth: 560, p: 5, textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main', fontSize: 64, lineHeight: 1, mb: 2 }}>{icon}</Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: homeLink ? 3 : 0 }}>
          {message}
        </Typography>
        {homeLink && (
          <Button variant="contained" component={RouterLink} to="/">
            {translate('common.go_home')}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
