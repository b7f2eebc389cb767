import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { MEDIA_TYPES } from '../../../common/questions';
import { AudioUploader, ImageUploader } from '../../media';

/** The upload label of a question's image or audio. */
export const QUESTION_MEDIA_LABEL = 'questions/media';

const mediaTypes = MEDIA_TYPES.map((type) => ({
  id: type,
  name: `resources.questions-bank.choices.media_type.${type}`,
}));

/** With or without media, and its kind: a file of the other kind would be refused, so changing it drops the file. */
export function MediaTypeInput() {
  const { setValue } = useFormContext();
  return (
    <RadioButtonGroupInput
      source="media_type"
      label="resources.questions-bank.fields.media_type"
      choices={mediaTypes}
      onChange={() => setValue('media', null, { shouldDirty: true })}
    />
  );
}

/**
 * The picture's text alternative (WCAG 1.1.1), for an image only: the form's resolver asks for it
 * before sending, and the server refuses an image without one too (common/questions/media-alt.ts).
 */
export function MediaAltInput() {
  const mediaType = useWatch({ name: 'media_type' }) as string;
  if (mediaType !== 'image') return null;
  return (
    <TextInput
      source="media_alt"
      label="question_editor.media_alt"
      helperText="question_editor.media_alt_help"
      multiline
      fullWidth
      sx={{ maxWidth: 640 }}
    />
  );
}

/** The image or audio file, uploaded for the kind chosen. */
export function MediaFileInput({ hideRemove }: { hideRemove?: boolean }) {
  const mediaType = useWatch({ name: 'media_type' }) as string;
  const { field, fieldState } = useController({ name: 'media' });
  const Uploader = mediaType === 'image' ? ImageUploader : mediaType === 'audio' ? AudioUploader : null;
  if (!Uploader) return null;
  return (
    <Uploader
      title={`resources.questions-bank.fields.media_${mediaType}`}
      label={QUESTION_MEDIA_LABEL}
      value={field.value as string | null}
      onChange={(reference) => field.onChange(reference)}
      error={fieldState.error?.message}
      hideRemove={hideRemove}
    />
  );
}
