import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePageTitle } from '../components/usePageTitle';

/** A questions-bank page's heading, also its document title. */
export function QuestionHeading({ title }: { title: string }) {
  const translate = useTranslate();
  const text = translate(title);
  usePageTitle(title);
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
      {text}
    </Typography>
  );
}
