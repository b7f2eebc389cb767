/** The uploader widgets of SPEC section 2: one per kind, all on `uploadMedia`. */
export type MediaKind = 'file' | 'image' | 'audio' | 'document';

/**
 * What the file picker offers (SPEC section 5). It only helps the author pick: the server
 * decides by the file's content and refuses anything else whatever its name.
 */
export const ACCEPT: Record<MediaKind, string> = {
  image: 'image/png,image/jpeg,image/gif,image/webp',
  audio: 'audio/wav,audio/x-wav,audio/mpeg,audio/webm,.wav,.mp3,.webm',
  document: '.pdf,.doc,.docx,.png,.jpg,.jpeg',
  file: 'image/png,image/jpeg,image/gif,image/webp,.wav,.mp3,.webm,.pdf,.doc,.docx',
};
