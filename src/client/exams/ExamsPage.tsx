import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePageTitle } from '../components/usePageTitle';

/** Placeholder until the exams step lands: the route, its guard and an empty state. */
export function ExamsPage() {
  const translate = useTranslate();
  usePageTitle('exams.title');
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('exams.title')}
      </Typography>
      <Paper variant="outlined" sx={{ py: 8, textAlign: 'center' }}>
        <AssignmentIcon color="disabled" sx={{ fontSize: 72 }} aria-hidden />
        <Typography variant="h6" component="p">
          {translate('exams.empty')}
        </Typography>
        <Typography color="text.secondary">{translate('exams.empty_hint')}</Typography>
      </Paper>
    </Box>
  );
}
