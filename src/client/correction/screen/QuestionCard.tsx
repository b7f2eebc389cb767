import { Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionQuestion, MarkerRole } from '../../../common/contracts/index';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import { AudioPlayButton } from '../../media';
import { ContentDirection, RichTextView } from '../../rich-text';
import { itemKey, savedDraft, type Edits, type ItemDraft, type ItemErrors, type SavedMeanwhile } from './draft';
import { ItemMarking } from './ItemMarking';
import { StudentAnswer } from './StudentAnswer';

/** The question as the student read it: its text, picture or audio, and instruction audio. */
function QuestionPrompt({ question }: { question: CorrectionQuestion }) {
  const translate = useTranslate();
  return (
    <>
      {question.instruction_audio_url && (
        <Box sx={{ mb: 1.5 }}>
          <AudioPlayButton src={question.instruction_audio_url} />
        </Box>
      )}
      <RichTextView html={question.text} sx={{ mb: 2 }} />
      {question.media_type === 'image' && question.media_url && (
        <Box
          component="img"
          src={question.media_url}
          alt={translate('question_editor.preview_answer.image_alt')}
          sx={{ maxWidth: '100%', maxHeight: 360, borderRadius: 1, mb: 2, display: 'block' }}
        />
      )}
      {question.media_type === 'audio' && question.media_url && (
        <Box sx={{ mb: 2 }}>
          <AudioPlayButton src={question.media_url} label="question_editor.preview_answer.play_audio" />
        </Box>
      )}
    </>
  );
}

interface QuestionCardProps {
  question: CorrectionQuestion;
  edits: Edits;
  errors: ItemErrors;
  /** Newer saved values under the marker's kept drafts, after another save came first. */
  meanwhile: SavedMeanwhile;
  onEdit: (key: string, draft: ItemDraft) => void;
  readOnly: boolean;
  role: MarkerRole;
}

/** One question: what the student saw and answered, the right answer, and its marking. */
export function QuestionCard({ question, edits, errors, meanwhile, onEdit, readOnly, role }: QuestionCardProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const number = formatNumber(question.number, language);
  const title = translate('correction_screen.question', { number });
  const headingId = `correction-question-${question.id}`;
  let part = 0;

  return (
    <Paper
      variant="outlined"
      component="li"
      aria-labelledby={headingId}
      data-testid="correction-question"
      data-question-id={question.id}
      sx={{ p: 3, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h3" id={headingId} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={translate('correction_screen.question_mark', { max: formatNumber(question.max, language) })}
        />
      </Box>
      <ContentDirection language={question.content_language}>
        <QuestionPrompt question={question} />
        <StudentAnswer question={question} />
      </ContentDirection>
      {question.items.map((item) => {
        const key = itemKey(question.id, item.part);
        if (item.part !== '') part += 1;
        const partNumber = formatNumber(part, language);
        return (
          <ItemMarking
            key={key}
            question={question}
            item={item}
            label={item.part === '' ? title : translate('correction_screen.part', { number, part: partNumber })}
            recordingLabel={
              item.part === ''
                ? translate('correction_screen.recording', { number })
                : translate('correction_screen.part_recording', { number, part: partNumber })
            }
            value={edits[key] ?? savedDraft(item)}
            errors={errors[key]}
            savedMeanwhile={edits[key] ? meanwhile[key] : undefined}
            onChange={(draft) => onEdit(key, draft)}
            readOnly={readOnly}
            markLocked={role === 'deciding' && item.manual && !item.disputed}
          />
        );
      })}
    </Paper>
  );
}
