import { fileTypeFromBuffer } from 'file-type';

export type MediaKind = 'image' | 'audio' | 'document';

/** An accepted type: its kind, the type it is served with and the stored file's extension. */
export interface MediaType {
  kind: MediaKind;
  mime: string;
  ext: string;
}

/** What each kind accepts, decided from the file's content (magic bytes), never from its name. */
const ACCEPTED: Record<string, MediaType> = {
  png: { kind: 'image', mime: 'image/png', ext: 'png' },
  jpg: { kind: 'image', mime: 'image/jpeg', ext: 'jpg' },
  gif: { kind: 'image', mime: 'image/gif', ext: 'gif' },
  webp: { kind: 'image', mime: 'image/webp', ext: 'webp' },
  wav: { kind: 'audio', mime: 'audio/wav', ext: 'wav' },
  mp3: { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' },
  // Browser recordings (MediaRecorder) are WebM; file-type reports them as video/webm.
  webm: { kind: 'audio', mime: 'audio/webm', ext: 'webm' },
  pdf: { kind: 'document', mime: 'application/pdf', ext: 'pdf' },
  docx: {
    kind: 'document',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
  },
  // Legacy .doc files are OLE compound files.
  cfb: { kind: 'document', mime: 'application/msword', ext: 'doc' },
};

/** Size limits per kind, in bytes (documented in the API reference and README). */
export const SIZE_LIMITS: Record<MediaKind, number> = {
  image: 5 * 1024 * 1024,
  audio: 20 * 1024 * 1024,
  document: 10 * 1024 * 1024,
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(SIZE_LIMITS));

/** Identifies an upload by its bytes; null when it is none of the accepted types. */
export async function detectMedia(content: Buffer): Promise<MediaType | null> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected) return null;
  return ACCEPTED[detected.ext] ?? null;
}
