import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** The product mark: an open book with a tick, drawn inline so it ships with the bundle. */
function Mark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.18" />
      <path d="M6 9c3.5-1.2 7-1 10 1v14c-3-2-6.5-2.2-10-1V9z" fill="currentColor" opacity="0.9" />
      <path d="M26 9c-3.5-1.2-7-1-10 1v14c3-2 6.5-2.2 10-1V9z" fill="currentColor" opacity="0.6" />
      <path d="M18.5 16.5l2 2 4-4.5" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The logo links home (SPEC section 2); signed-in users are sent on to their exams. */
export function Logo() {
  const translate = useTranslate();
  const siteTitle = translate('app.site_title');
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${siteTitle} – ${translate('nav.home')}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
    >
      <Mark />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {siteTitle}
      </Typography>
    </Box>
  );
}
