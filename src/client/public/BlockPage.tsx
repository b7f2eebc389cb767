import DesktopWindowsIcon from '@mui/icons-material/DesktopWindowsOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { currentPageTitle } from '../components/usePageTitle';

/**
 * SPEC section 1: at 1024 px or less this covers the whole app (which stays mounted underneath,
 * so nothing typed is lost). It renders outside react-admin (no router, no i18n context), so it
 * receives its translate function.
 */
export function BlockPage({ translate }: { translate: (key: string) => string }) {
  const title = translate('block.title');
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${translate('app.site_title')}`;
    return () => {
      document.title = currentPageTitle(previous);
    };
  }, [title, translate]);

  return (
    <Box
      data-testid="block-page"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ maxWidth: 480, p: 4, textAlign: 'center' }}>
        <DesktopWindowsIcon color="primary" sx={{ fontSize: 64, mb: 2 }} aria-hidden />
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{translate('block.message')}</Typography>
      </Paper>
    </Box>
  );
}
