import { useCallback, useEffect, useReducer, useRef } from 'react';
import { QUESTION_LIMITS } from '../../../common/questions';
import { UPLOAD_FAILED, useUploadMedia, type UploadedMedia } from '../useMedia';
import { openMicrophone, webmMimeType } from './microphone';
import { initialRecorderState, recorderReducer } from './recorderState';

/** A saved recording: what an answer or a question stores, and how long it runs. */
export interface SavedRecording {
  relative_path: string;
  preview_url: string;
  duration_seconds: number;
  uploaded: UploadedMedia;
}

export interface RecorderOptions {
  /** The upload label (`exams/questions/{questionId}/audio_responses`, `questions/instruction_audio`). */
  label: string;
  /** At most 300 s (SPEC section 9); recording stops by itself when it is reached. */
  maxSeconds: number;
  /** An already saved recording's address: the recorder starts in remotePlayback. */
  savedUrl?: string | null;
  onSaved?: (saved: SavedRecording) => void;
  /**
   * Takes the recording instead of the upload (the student's exam keeps it on the computer and
   * uploads it itself): resolves with the address to play it from.
   */
  keep?: (blob: Blob, durationSeconds: number) => Promise<string>;
}

/** How often the elapsed time is refreshed on screen. */
const TICK_MS = 250;

export const clampSeconds = (seconds: number) =>
  Math.min(QUESTION_LIMITS.maxDurationSeconds, Math.max(1, Math.floor(seconds) || 1));

/** The recorder's machinery: microphone, MediaRecorder (webm), timers, upload. */
export function useAudioRecorder({ label, maxSeconds, savedUrl, onSaved, keep }: RecorderOptions) {
  const [state, dispatch] = useReducer(recorderReducer, savedUrl, initialRecorderState);
  const limit = clampSeconds(maxSeconds);
  const live = useRef<{ recorder: MediaRecorder; stream: MediaStream; timers: ReturnType<typeof setTimeout>[] } | null>(
    null,
  );
  const blob = useRef<Blob | null>(null);
  const localUrl = useRef<string | null>(null);
  const uploadMedia = useUploadMedia();

  const release = useCallback(() => {
    const current = live.current;
    if (!current) return;
    current.timers.forEach((timer) => clearInterval(timer));
    current.stream.getTracks().forEach((track) => track.stop());
    live.current = null;
  }, []);

  const forgetLocal = useCallback(() => {
    if (localUrl.current) URL.revokeObjectURL(localUrl.current);
    localUrl.current = null;
    blob.current = null;
  }, []);

  useEffect(
    () => () => {
      release();
      forgetLocal();
    },
    [release, forgetLocal],
  );

  const stop = useCallback(() => {
    if (live.current?.recorder.state === 'recording') live.current.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    const mimeType = webmMimeType();
    if (!mimeType) return dispatch({ type: 'failed', error: 'recorder.unsupported' });
    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch (error) {
      return dispatch({ type: 'failed', error: (error as Error).message });
    }
    const recorder = new MediaRecorder(stream, { mimeType });
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const seconds = () => Math.min(limit, (Date.now() - startedAt) / 1000);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const elapsed = seconds();
      release();
      forgetLocal();
      blob.current = new Blob(chunks, { type: 'audio/webm' });
      localUrl.current = URL.createObjectURL(blob.current);
      dispatch({ type: 'stopped', url: localUrl.current, elapsed });
    };
    const ticker = setInterval(() => dispatch({ type: 'tick', elapsed: seconds() }), TICK_MS);
    // SPEC section 4: the recording stops by itself at the limit.
    const cutoff = setTimeout(stop, limit * 1000);
    live.current = { recorder, stream, timers: [ticker, cutoff] };
    recorder.start();
    dispatch({ type: 'started' });
  }, [forgetLocal, limit, release, stop]);

  const retry = useCallback(() => {
    forgetLocal();
    dispatch({ type: 'retry' });
  }, [forgetLocal]);

  const save = useCallback(async () => {
    dispatch({ type: 'save' });
    const duration = Math.round(state.elapsed * 10) / 10;
    if (keep && blob.current) {
      // The keeper owns the recording and its playback address from here on.
      const url = await keep(blob.current, duration);
      blob.current = null;
      localUrl.current = null;
      return dispatch({ type: 'saved', url });
    }
    try {
      const uploaded = await uploadMedia(blob.current, label, 'recording.webm');
      onSaved?.({
        relative_path: uploaded.relative_path,
        preview_url: uploaded.preview_url,
        duration_seconds: duration,
        uploaded,
      });
      forgetLocal();
      dispatch({ type: 'saved', url: uploaded.preview_url });
    } catch (error) {
      dispatch({ type: 'failed', error: error instanceof Error ? error.message : UPLOAD_FAILED, upload: true });
    }
  }, [forgetLocal, keep, label, onSaved, state.elapsed, uploadMedia]);

  return { state, limit, start, stop, retry, save };
}
