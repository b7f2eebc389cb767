import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Paper, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { plainText } from '../../../common/questions/rich-text';
import { studentView } from '../../../common/questions/registry';
import { QuestionPreview } from '../../questions';
import { RichText } from '../../rich-text';
import { RichTextView } from '../../rich-text';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import type { ExamQuestion } from '../types';
import { translatableTexts, type TextSlot } from './translatable';
import { contentLanguageOf } from '../../../common/text-direction';

interface QuestionTranslationProps {
  question: ExamQuestion;
  number: number;
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  disabled?: boolean;
}

interface TranslationInputProps {
  slot: TextSlot;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The editor replaces its content whenever the value it is given differs from what it holds,
 * and a render of this long form can be prepared before a keystroke and committed after it,
 * handing the editor a stale value. Nothing here sets a translation from outside, so the editor
 * gets its starting text once and reports every change; it is never handed a value again.
 */
function RichTranslation({ slot, label, value, onChange, disabled }: TranslationInputProps) {
  const [initial] = useState(value);
  // The translation's own direction, from what is typed (an empty box follows the first letter typed).
  const language = contentLanguageOf(value, 'auto');
  return (
    <RichText
      value={initial}
      onChange={onChange}
      language={language}
      label={label}
      disabled={disabled}
      compact={slot.role !== 'text' && slot.role !== 'passage'}
    />
  );
}

function TranslationInput(props: TranslationInputProps) {
  const { slot, label, value, onChange, disabled } = props;
  if (slot.rich) return <RichTranslation {...props} />;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      fullWidth
      size="small"
      slotProps={{ htmlInput: { dir: 'auto' } }}
    />
  );
}

/**
 * One exam question in the localize form: the original as students see it (media play only,
 * nothing to delete or remove), then each of its texts beside a field for its translation.
 */
export function QuestionTranslation({ question, number, values, onChange, disabled }: QuestionTranslationProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const slots = useMemo(() => translatableTexts(question), [question]);
  const preview = useMemo(
    () => ({ ...question, view: studentView(question.answer_type, question.answer_key) }),
    [question],
  );
  const counters = new Map<string, number>();
  const labelOf = (slot: TextSlot) => {
    const count = (counters.get(slot.role) ?? 0) + 1;
    counters.set(slot.role, count);
    return translate(`exams.localize.roles.${slot.role}`, { number: formatNumber(count, language) });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="question-translation" data-question-id={question.id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {translate('exams.localize.question', { number: formatNumber(number, language) })}
        </Typography>
        <Chip size="small" label={translate(`question_editor.kinds.${question.answer_type}`)} />
      </Box>
      <Accordion disableGutters variant="outlined" sx={{ mb: 2 }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>{translate('exams.localize.original_view')}</AccordionSummary>
        <AccordionDetails>
          <QuestionPreview question={preview} />
        </AccordionDetails>
      </Accordion>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, alignItems: 'start' }}>
        <Typography variant="subtitle2" color="text.secondary">
          {translate('exams.localize.original')}
        </Typography>
        <Typography variant="subtitle2" color="text.secondary">
          {translate('exams.localize.translation')}
        </Typography>
        {slots.map((slot) => {
          const label = labelOf(slot);
          return (
            <Box key={slot.key} sx={{ display: 'contents' }}>
              {/* The card keeps the page's direction; each piece of text takes its own (a partly
                  translated question mixes both languages). */}
              <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="translation-original">
                <Typography variant="caption" color="text.secondary" component="div">
                  {label}
                </Typography>
                {slot.rich ? (
                  <Box dir="auto" lang={question.content_language}>
                    <RichTextView html={slot.original} />
                  </Box>
                ) : (
                  <Typography dir="auto" lang={question.content_language}>
                    {plainText(slot.original)}
                  </Typography>
                )}
              </Box>
              <TranslationInput
                slot={slot}
                label={label}
                value={values[slot.key] ?? ''}
                onChange={(value) => onChange(slot.key, value)}
                disabled={disabled}
              />
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
