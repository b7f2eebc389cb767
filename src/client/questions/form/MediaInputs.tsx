import { Box } from '@mui/material';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { BoundedNumberInput } from '../../components/BoundedNumberInput';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { MEDIA_TYPES, QUESTION_LIMITS } from '../../../common/questions';
import { AudioUploader, ImageUploader } from '../../media';

/** The upload label of a question's image or audio. */
export const QUESTION_MEDIA_LABEL = 'questions/media';

const mediaTypes = MEDIA_TYPES.map((type) => ({ id: type, name: `question_editor.media_types.${type}` }));

/** With or without media, its kind, the file and how often a student may play it. */
export function MediaInputs({ hideRemove }: { hideRemove?: boolean }) {
  const { setValue } = useFormContext();
  const mediaType = useWatch({ name: 'media_type' }) as string;
  const { field, fieldState } = useController({ name: 'media' });
  const Uploader = mediaType === 'image' ? ImageUploader : mediaType === 'audio' ? AudioUploader : null;

  return (
    <Box>
      <RadioButtonGroupInput
        source="media_type"
        label="resources.questions-bank.fields.media_type"
        choices={mediaTypes}
        // A file of the other kind would be refused on save: the author picks a new one.
        onChange={() => setValue('media', null, { shouldDirty: true })}
      />
      {mediaType === 'image' && (
        // The picture's text alternative (WCAG 1.1.1): the form's resolver asks for it before sending,
        // and the server refuses an image without one too (common/questions/media-alt.ts).
        <TextInput
          source="media_alt"
          label="question_editor.media_alt"
          helperText="question_editor.media_alt_help"
          multiline
          fullWidth
          sx={{ maxWidth: 640 }}
        />
      )}
      {Uploader && (
        <Uploader
          title={`resources.questions-bank.fields.media_${mediaType}`}
          label={QUESTION_MEDIA_LABEL}
          value={field.value as string | null}
          onChange={(reference) => field.onChange(reference)}
          error={fieldState.error?.message}
          hideRemove={hideRemove}
        />
      )}
      <BoundedNumberInput
        source="media_replay_count"
        label="resources.questions-bank.fields.media_replay_count"
        helperText="question_editor.replay_help"
        min={0}
        max={QUESTION_LIMITS.replayCount}
        step={1}
        sx={{ width: 380 }}
      />
    </Box>
  );
}
