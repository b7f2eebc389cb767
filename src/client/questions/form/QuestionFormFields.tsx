import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import questionsBank from '../../../../schemas/questions-bank';
import type { ResourceDefinition } from '../../../../schemas/vocabulary';
import { DeclaredSections } from '../../generic';
import { usePlatformSelection } from '../../platforms';
import { RichTextInput } from '../../rich-text';
import { AnswerKeyInput } from './AnswerKeyInput';
import { InstructionAudioInput } from './InstructionAudioInput';
import { MarkInput } from './MarkInput';
import { MediaAltInput, MediaFileInput, MediaTypeInput } from './MediaInputs';
import { QuestionFormMessage } from './QuestionFormMessage';

export interface QuestionFormFieldsProps {
  /** The platform whose lookups the dropdowns offer. */
  platformId: number | null;
  /** Localize pages keep media but may not remove it (SPEC section 2). */
  hideRemove?: boolean;
  /** The declaration drawn (a test's fixture; the bank's own otherwise). */
  definition?: ResourceDefinition;
}

/** The question text, in the direction of its content language. */
function QuestionTextInput() {
  const language = (useWatch({ name: 'content_language' }) as string | undefined) ?? 'en';
  return <RichTextInput source="text" label="resources.questions-bank.fields.text" language={language} />;
}

/**
 * Every input of a question, for any react-admin `<Form>` set up with `useQuestionForm`: the
 * bank's create and edit pages, and the exam screen creating a question in place. Sections, order
 * and the lookups (each of the platform, the outcome of the chosen skill) are the declaration's
 * (schemas/questions-bank.ts); the rich text, mark, media and answer editors are this form's own.
 */
export function QuestionFormFields({ platformId, hideRemove, definition = questionsBank }: QuestionFormFieldsProps) {
  const platforms = usePlatformSelection()?.platforms ?? [];
  const identifier = platforms.find((platform) => platform.id === platformId)?.identifier ?? null;
  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <QuestionFormMessage />
      <DeclaredSections
        definition={definition}
        identifier={identifier}
        platformId={platformId}
        inputs={{
          text: <QuestionTextInput />,
          mark: <MarkInput />,
          media_type: <MediaTypeInput />,
          media_alt: <MediaAltInput />,
          media: <MediaFileInput hideRemove={hideRemove} />,
          instruction_audio: <InstructionAudioInput hideRemove={hideRemove} />,
          // The answer type and its editor, bound to answer_type and answer_key together.
          answer_type: <AnswerKeyInput />,
          answer_key: null,
        }}
      />
    </Box>
  );
}
