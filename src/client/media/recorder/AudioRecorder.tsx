import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import ReplayIcon from '@mui/icons-material/Replay';
import SaveIcon from '@mui/icons-material/Save';
import StopIcon from '@mui/icons-material/Stop';
import { Alert, Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { AudioPlayButton } from '../AudioPlayButton';
import { formatMediaTime } from '../mediaTime';
import { isolate } from '../bidi';
import { QUESTION_LIMITS } from '../../../common/questions';
import { UPLOAD_FAILED, UPLOAD_FAILED_FILE } from '../useMedia';
import { useAudioRecorder, type SavedRecording } from './useAudioRecorder';

export type { SavedRecording };

export interface AudioRecorderProps {
  /** Upload label: `exams/questions/{questionId}/audio_responses` for an answer, `questions/instruction_audio` for a question. */
  label: string;
  /** Stops by itself after this many seconds (at most and by default 300). */
  maxSeconds?: number;
  /** The saved recording's address, if there is one: shown in remotePlayback. */
  savedUrl?: string | null;
  onSaved?: (saved: SavedRecording) => void;
  /** Only play the saved recording (a submitted answer): no retry. */
  playOnly?: boolean;
  /** Catalog key naming the widget. */
  title?: string;
  /** Takes the recording instead of uploading it (see useAudioRecorder). */
  keep?: (blob: Blob, durationSeconds: number) => Promise<string>;
  /** A catalog key said under the saved recording (it waits for its upload, for instance). */
  note?: string | null;
}

const clock = (seconds: number) => isolate(formatMediaTime(seconds));

/**
 * The audio recorder of SPEC section 4: readyToRecord -> recording -> localPlayback (play, retry,
 * save) -> remotePlayback (play; retry unless play-only). Standalone: delivery reuses it for
 * students' answers. Each state moves the focus to its main button, so it works from the keyboard.
 */
export function AudioRecorder({
  label,
  maxSeconds = QUESTION_LIMITS.maxDurationSeconds,
  savedUrl,
  onSaved,
  playOnly = false,
  title = 'recorder.title',
  keep,
  note,
}: AudioRecorderProps) {
  const translate = useTranslate();
  const recorder = useAudioRecorder({ label, maxSeconds, savedUrl, onSaved, keep });
  const { state, limit } = recorder;
  const main = useRef<HTMLButtonElement>(null);
  const group = useRef<HTMLDivElement>(null);
  // Whether the user has pressed one of this recorder's buttons: only then may a change of state
  // move the focus (issue 41: never on arrival, a resume or a re-render, whatever runs its effects twice).
  const acted = useRef(false);
  const byUser =
    <A extends unknown[], R>(action: (...args: A) => R) =>
    (...args: A): R => {
      acted.current = true;
      return action(...args);
    };
  const start = byUser(recorder.start);
  const stop = byUser(recorder.stop);
  const retry = byUser(recorder.retry);
  const save = byUser(recorder.save);

  useEffect(() => {
    if (!acted.current) return;
    // And only from within this recorder (or from the button that just went): never from elsewhere.
    const active = document.activeElement;
    if (active && active !== document.body && !group.current?.contains(active)) return;
    main.current?.focus();
  }, [state.status]);

  const { status } = state;
  return (
    <Box
      ref={group}
      role="group"
      aria-label={translate(title)}
      data-testid="audio-recorder"
      data-state={status}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 2 }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {playOnly && status !== 'remotePlayback' && (
        <Typography variant="body2" color="text.secondary">
          {translate('recorder.no_recording')}
        </Typography>
      )}
      {!playOnly && status === 'readyToRecord' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Button
            ref={main}
            variant="contained"
            color="error"
            startIcon={<FiberManualRecordIcon />}
            onClick={() => void start()}
          >
            {translate('recorder.record')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {translate('recorder.max_duration', { time: clock(limit) })}
          </Typography>
        </Box>
      )}
      {status === 'recording' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Button ref={main} variant="contained" startIcon={<StopIcon />} onClick={stop}>
            {translate('recorder.stop')}
          </Button>
          <Box sx={{ flexGrow: 1, maxWidth: 320 }}>
            <Typography variant="body2" role="timer" data-testid="recorder-time">
              {translate('recorder.elapsed', {
                elapsed: clock(state.elapsed),
                remaining: clock(limit - state.elapsed),
              })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(state.elapsed / limit) * 100}
              aria-label={translate('recorder.progress')}
            />
          </Box>
        </Box>
      )}
      {status === 'localPlayback' && state.localUrl && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <AudioPlayButton ref={main} src={state.localUrl} />
          <Button startIcon={<ReplayIcon />} onClick={retry} disabled={state.saving}>
            {translate('recorder.retry')}
          </Button>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={state.saving}>
            {translate('recorder.save')}
          </Button>
          {state.saving && <CircularProgress size={20} aria-label={translate('uploader.uploading')} />}
          <Typography variant="body2" color="text.secondary">
            {clock(state.elapsed)}
          </Typography>
        </Box>
      )}
      {status === 'remotePlayback' && state.remoteUrl && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <AudioPlayButton ref={main} src={state.remoteUrl} />
          {!playOnly && (
            <Button startIcon={<ReplayIcon />} onClick={retry}>
              {translate('recorder.record_again')}
            </Button>
          )}
        </Box>
      )}
      {status === 'remotePlayback' && note && (
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          dir="auto"
          data-testid="recorder-note"
          sx={{ mt: 1 }}
        >
          {translate(note)}
        </Typography>
      )}
      {state.error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="recorder-error">
          {state.uploadFailed && state.error !== UPLOAD_FAILED ? `${translate(UPLOAD_FAILED_FILE)}: ` : ''}
          {translate(state.uploadFailed && state.error === UPLOAD_FAILED ? UPLOAD_FAILED_FILE : state.error, {
            _: state.error,
          })}
        </Alert>
      )}
    </Box>
  );
}
