import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { mediaUrl, useDeleteMedia } from '../../media';
import { AudioRecorder } from '../../media';
import { AudioUploader } from '../../media';

/** The upload label of instruction audio. */
export const INSTRUCTION_AUDIO_LABEL = 'questions/instruction_audio';

/** Instruction audio: an uploaded file or a recording made here, with the recorder. */
export function InstructionAudioInput({ hideRemove }: { hideRemove?: boolean }) {
  const translate = useTranslate();
  const [mode, setMode] = useState<'upload' | 'record'>('record');
  // The recorder follows its own saves; after a removal it must start afresh.
  const [generation, setGeneration] = useState(0);
  const { field, fieldState } = useController({ name: 'instruction_audio' });
  const deleteMedia = useDeleteMedia();
  const value = (field.value as string | null) ?? null;
  const error = fieldState.error?.message;

  const remove = async () => {
    if (value) await deleteMedia(value).catch(() => undefined);
    field.onChange(null);
    setGeneration((count) => count + 1);
  };

  return (
    <Box sx={{ mb: 2 }}>
      <FormLabel sx={{ display: 'block', mb: 1 }}>
        {translate('resources.questions-bank.fields.instruction_audio')}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_, next) => next && setMode(next)}
        aria-label={translate('resources.questions-bank.fields.instruction_audio')}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="record">{translate('question_editor.instruction.record')}</ToggleButton>
        <ToggleButton value="upload">{translate('question_editor.instruction.upload')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'upload' ? (
        <AudioUploader
          title="question_editor.instruction.file"
          label={INSTRUCTION_AUDIO_LABEL}
          value={value}
          onChange={(reference) => field.onChange(reference)}
          error={error}
          hideRemove={hideRemove}
        />
      ) : (
        <>
          <AudioRecorder
            key={generation}
            title="question_editor.instruction.recorder"
            label={INSTRUCTION_AUDIO_LABEL}
            savedUrl={mediaUrl(value)}
            onSaved={(saved) => field.onChange(saved.relative_path)}
          />
          {value && !hideRemove && (
            <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => void remove()}>
              {translate('question_editor.instruction.remove')}
            </Button>
          )}
          {error && <FormHelperText error>{translate(error, { _: error })}</FormHelperText>}
        </>
      )}
    </Box>
  );
}
