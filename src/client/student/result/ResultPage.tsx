import { Alert, Box, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage } from '../../providers/errors';
import { studentApi } from '../api';
import { MY_EXAMS_PATH } from '../paths';
import { ResultView } from './ResultView';

/** /my-exams/:id/result: the latest submitted attempt's result. */
export function ResultPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const attempt = useQuery({
    queryKey: ['student', 'attempt', id],
    queryFn: ({ signal }) => studentApi.attempt(id!, signal),
    retry: false,
  });
  if (attempt.isPending) return <Loading />;
  if (attempt.data?.status === 'submitted') return <ResultView attempt={attempt.data} />;
  const message = attempt.isError
    ? errorMessage(attempt.error, 'student.result.load_failed')
    : 'student.result.not_submitted';
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Alert
        severity="info"
        action={
          <Button color="inherit" component={RouterLink} to={MY_EXAMS_PATH}>
            {translate('student.my_exams.back')}
          </Button>
        }
      >
        {translate(message, { _: translate('student.result.load_failed') })}
      </Alert>
    </Box>
  );
}
