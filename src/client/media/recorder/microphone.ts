/** SPEC section 9: recordings are webm. Opus first, the codec every webm recorder offers. */
const WEBM_TYPES = ['audio/webm;codecs=opus', 'audio/webm'];

/** The webm type this browser records, or null when it cannot record webm at all. */
export function webmMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  if (typeof MediaRecorder.isTypeSupported !== 'function') return 'audio/webm';
  return WEBM_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** The catalog key explaining why the microphone could not be opened. */
export function microphoneErrorKey(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'recorder.permission_denied';
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'NotReadableError'
  ) {
    return 'recorder.no_microphone';
  }
  return 'recorder.failed';
}

/** Opens the microphone; throws the catalog key of the reason when it cannot. */
export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('recorder.no_microphone');
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    throw new Error(microphoneErrorKey(error));
  }
}
