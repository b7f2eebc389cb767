import { Link } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';

/**
 * The player's first stop for the keyboard (WCAG 2.4.1): hidden until focused, it takes the focus
 * past the header, the timer and the question map to the current page's first question.
 */
export function SkipLink({ onSkip }: { onSkip: () => void }) {
  const translate = useTranslate();
  return (
    <Link
      href="#player-questions"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
      data-testid="skip-to-questions"
      sx={{
        '&:not(:focus)': visuallyHidden,
        '&:focus': { display: 'inline-block', mb: 1, p: 1, bgcolor: 'background.paper', outline: '2px solid' },
      }}
    >
      {translate('student.player.skip_to_questions')}
    </Link>
  );
}
