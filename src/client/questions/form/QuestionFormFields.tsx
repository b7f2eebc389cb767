import { Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CONTENT_LANGUAGES } from '../../../common/questions';
import { RichTextInput } from '../../rich-text';
import { AnswerKeyInput } from './AnswerKeyInput';
import { InstructionAudioInput } from './InstructionAudioInput';
import { LookupInputs } from './LookupInputs';
import { MarkInputs } from './MarkInputs';
import { MediaInputs } from './MediaInputs';
import { QuestionFormMessage } from './QuestionFormMessage';

export interface QuestionFormFieldsProps {
  /** The platform whose lookups the dropdowns offer. */
  platformId: number | null;
  /** Localize pages keep media but may not remove it (SPEC section 2). */
  hideRemove?: boolean;
}

// Language names are written in their own language (`languages.*`), as in the switcher.
const contentLanguages = CONTENT_LANGUAGES.map((language) => ({ id: language, name: `languages.${language}` }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate(title)}
      </Typography>
      {children}
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
}

/**
 * Every input of a question, for any react-admin `<Form>` set up with `useQuestionForm`: the
 * bank's create and edit pages, and the exam screen creating a question in place.
 */
export function QuestionFormFields({ platformId, hideRemove }: QuestionFormFieldsProps) {
  const language = (useWatch({ name: 'content_language' }) as string | undefined) ?? 'en';
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <QuestionFormMessage />
      <Section title="question_editor.sections.question">
        <SelectInput
          source="content_language"
          label="resources.questions-bank.fields.content_language"
          choices={contentLanguages}
          sx={{ minWidth: 240 }}
        />
        <RichTextInput source="text" label="resources.questions-bank.fields.text" language={language} />
      </Section>
      <Section title="question_editor.sections.classification">
        <LookupInputs platformId={platformId} />
      </Section>
      <Section title="question_editor.sections.marking">
        <MarkInputs />
      </Section>
      <Section title="question_editor.sections.media">
        <MediaInputs hideRemove={hideRemove} />
        <InstructionAudioInput hideRemove={hideRemove} />
      </Section>
      <Section title="question_editor.sections.answer">
        <AnswerKeyInput />
      </Section>
    </Box>
  );
}
