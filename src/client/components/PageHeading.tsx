import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Button, Typography, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from './usePageTitle';

interface PageHeadingProps {
  /** The heading text, already translated (it often carries an id). */
  title: string;
  /** Where the back link goes; none on the list. */
  back?: { to: string; label: string };
  /** A line under the heading, e.g. which record the page shows. */
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** A page's heading, document title (SPEC section 2) and optional back link and actions. */
export function PageHeading({ title, back, subtitle, actions }: PageHeadingProps) {
  const translate = useTranslate();
  usePageTitle(title);
  // The RTL stylesheet mirrors layout, not icons: "back" points right in Arabic.
  const BackIcon = useTheme().direction === 'rtl' ? ArrowForwardIcon : ArrowBackIcon;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      {back && (
        <Button component={RouterLink} to={back.to} startIcon={<BackIcon />}>
          {translate(back.label)}
        </Button>
      )}
      {subtitle ? (
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">{subtitle}</Typography>
        </Box>
      ) : (
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
      )}
      {actions}
    </Box>
  );
}
