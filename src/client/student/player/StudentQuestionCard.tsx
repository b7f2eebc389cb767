import FlagIcon from '@mui/icons-material/Flag';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { AudioPlayButton } from '../../media';
import { ANSWER_VIEWS, InterfaceText, isolate, QuestionImage, useInterfaceLanguage } from '../../questions';
import { ContentDirection, RichTextView } from '../../rich-text';
import { formatCount } from '../format';
import type { StudentQuestion } from './pages';
import { StudentAudio } from './StudentAudio';

interface StudentQuestionCardProps {
  question: StudentQuestion;
  number: number;
  assignmentId: number;
  answer: unknown;
  onChange: (answer: unknown) => void;
  flagged?: boolean;
  /** Flag for review; none in an adaptive exam (there is no going back). */
  onToggleFlag?: () => void;
  /** Plays of the question's audio the server has counted. */
  played: number;
}

export const questionAnchor = (id: number) => `question-${id}`;

/** One question as the student answers it: the preview's answer view of its kind, controlled here. */
export function StudentQuestionCard(props: StudentQuestionCardProps) {
  const { question, number, assignmentId, answer, onChange, flagged = false, onToggleFlag, played } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const View = ANSWER_VIEWS[question.answer_type];
  const headingId = `${questionAnchor(question.id)}-heading`;
  const kindId = `${questionAnchor(question.id)}-kind`;
  const ui = useInterfaceLanguage();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 3 }}
      data-testid="student-question"
      data-answer-type={question.answer_type}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" id={headingId} tabIndex={-1} aria-describedby={kindId}>
            {translate('student.player.question_number', { number: isolate(formatCount(number, locale)) })}
          </Typography>
          {/* The kind says how to answer (a screen reader hears it with the heading). */}
          <Typography variant="body2" color="text.secondary" id={kindId} data-testid="question-kind">
            {translate(`question_editor.kinds.${question.answer_type}`)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('student.player.mark', {
            smart_count: question.mark,
            mark: isolate(formatCount(question.mark, locale)),
          })}
        </Typography>
        {onToggleFlag && (
          <Button
            onClick={onToggleFlag}
            aria-pressed={flagged}
            startIcon={flagged ? <FlagIcon /> : <OutlinedFlagIcon />}
            color="inherit"
            // The flag's colour as text: 4.5:1 at least in both display modes (warning.dark, see PlayerDisplay).
            sx={flagged ? { color: 'warning.dark' } : undefined}
          >
            {translate('student.player.flag')}
          </Button>
        )}
      </Box>
      <ContentDirection language={question.content_language}>
        <RichTextView html={question.text} sx={{ fontSize: '1.1rem', mb: 2 }} />
        {question.instruction_audio_url && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
            <InterfaceText>
              <Typography variant="body2" color="text.secondary" component="span">
                {translate('student.player.instruction_audio')}
              </Typography>
            </InterfaceText>
            <AudioPlayButton src={question.instruction_audio_url} lang={ui.lang} dir={ui.dir} />
          </Box>
        )}
        {question.media_type === 'image' && question.media_url && (
          <QuestionImage src={question.media_url} alt={question.media_alt} />
        )}
        {question.media_type === 'audio' && question.media_url && (
          <Box sx={{ mb: 1.5 }} lang={ui.lang} dir={ui.dir}>
            <StudentAudio
              assignmentId={assignmentId}
              questionId={question.id}
              src={question.media_url}
              limit={question.media_replay_count}
              played={played}
            />
          </Box>
        )}
        {View && (
          <View
            view={question.view}
            answer={answer ?? null}
            onChange={onChange}
            questionId={question.id}
            language={question.content_language}
            number={number}
          />
        )}
      </ContentDirection>
    </Paper>
  );
}
