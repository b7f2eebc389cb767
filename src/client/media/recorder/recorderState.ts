/**
 * The audio recorder's states (SPEC section 4). `saving` is a moment of localPlayback (the
 * buttons stay, disabled), not a state of its own.
 */
export type RecorderStatus = 'readyToRecord' | 'recording' | 'localPlayback' | 'remotePlayback';

export interface RecorderState {
  status: RecorderStatus;
  /** Seconds recorded so far (while recording) or in total (after). */
  elapsed: number;
  /** The recording in this browser, before it is saved (an object URL). */
  localUrl: string | null;
  /** The saved recording's address. */
  remoteUrl: string | null;
  saving: boolean;
  /** A catalog key or server message. */
  error: string | null;
  /** The error is a failed upload of the recording (said with the spec's upload sentence). */
  uploadFailed?: boolean;
}

export type RecorderEvent =
  | { type: 'started' }
  | { type: 'tick'; elapsed: number }
  | { type: 'stopped'; url: string; elapsed: number }
  | { type: 'retry' }
  | { type: 'save' }
  | { type: 'saved'; url: string }
  | { type: 'failed'; error: string; upload?: boolean };

export function initialRecorderState(remoteUrl: string | null | undefined): RecorderState {
  return {
    status: remoteUrl ? 'remotePlayback' : 'readyToRecord',
    elapsed: 0,
    localUrl: null,
    remoteUrl: remoteUrl ?? null,
    saving: false,
    error: null,
  };
}

/** Transitions; an event that does not apply in the current state changes nothing. */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'started':
      return state.status === 'readyToRecord' ? { ...state, status: 'recording', elapsed: 0, error: null } : state;
    case 'tick':
      return state.status === 'recording' ? { ...state, elapsed: event.elapsed } : state;
    case 'stopped':
      return state.status === 'recording'
        ? { ...state, status: 'localPlayback', localUrl: event.url, elapsed: event.elapsed }
        : state;
    case 'retry':
      return state.status === 'localPlayback' || state.status === 'remotePlayback'
        ? { ...state, status: 'readyToRecord', localUrl: null, elapsed: 0, saving: false, error: null }
        : state;
    case 'save':
      return state.status === 'localPlayback' ? { ...state, saving: true, error: null } : state;
    case 'saved':
      return state.status === 'localPlayback'
        ? { ...state, status: 'remotePlayback', remoteUrl: event.url, localUrl: null, saving: false }
        : state;
    case 'failed':
      // A failed start leaves the recorder ready; a failed save keeps the recording to try again.
      return state.status === 'recording'
        ? { ...state, status: 'readyToRecord', error: event.error, uploadFailed: false }
        : { ...state, saving: false, error: event.error, uploadFailed: event.upload ?? false };
  }
}
