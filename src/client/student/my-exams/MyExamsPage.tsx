import { Alert, Box, Button, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import type { StudentExam } from '../api';
import { PageHeading } from '../../components/PageHeading';
import { useStudentExams } from '../useStudentExams';
import { StudentExamCard } from './StudentExamCard';

/** The page's sections, in the order a student needs them; submitted and expired are both "finished". */
const SECTIONS: { key: string; statuses: StudentExam['status'][] }[] = [
  { key: 'in_progress', statuses: ['in_progress'] },
  { key: 'available', statuses: ['available'] },
  { key: 'upcoming', statuses: ['upcoming'] },
  { key: 'finished', statuses: ['submitted', 'expired'] },
];

/** "My exams": a student's home, their assignments by status with what they can do next. */
export function MyExamsPage() {
  const translate = useTranslate();
  const { data, isPending, isError, refetch } = useStudentExams();

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeading title={translate('student.my_exams.title')} />
      {isPending ? (
        <Loading />
      ) : isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              {translate('student.common.try_again')}
            </Button>
          }
        >
          {translate('student.my_exams.load_failed')}
        </Alert>
      ) : data.length === 0 ? (
        <Alert severity="info">{translate('student.my_exams.empty')}</Alert>
      ) : (
        SECTIONS.map(({ key, statuses }) => {
          const exams = data.filter((exam) => statuses.includes(exam.status));
          if (exams.length === 0) return null;
          const headingId = `my-exams-${key}`;
          return (
            <Box component="section" key={key} aria-labelledby={headingId} sx={{ mb: 4 }}>
              <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 1.5 }}>
                {translate(`student.my_exams.sections.${key}`)}
              </Typography>
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
                }}
              >
                {exams.map((exam) => (
                  <li key={exam.id}>
                    <StudentExamCard exam={exam} />
                  </li>
                ))}
              </Box>
            </Box>
          );
        })
      )}
    </Box>
  );
}
