import { getStoredLanguage } from '../language';
import { failureMessage } from '../providers/errors';
import { apiUrl, http, REQUEST_TIMEOUT_MS } from '../providers/http';

/** What `POST /api/upload-media` returns in `data` (SPEC section 3, "Upload result"). */
export interface UploadedMedia {
  success: boolean;
  file_name: string;
  /** What a question stores (`media/abc.png`). */
  relative_path: string;
  label: string;
  preview_url: string;
  kind?: 'image' | 'audio' | 'document';
  mime?: string;
}

/** SPEC section 8: the generic upload failure, when the server says nothing better. */
export const UPLOAD_FAILED = 'uploader.failed';

/** A refused or failed upload; `message` is a catalog key or the server's translated sentence. */
export class UploadError extends Error {}

/**
 * Uploads one file under a media label. Both are required (SPEC section 5) and checked here
 * first; a refusal shows the server's first field error, else its message, else the generic one.
 */
export async function uploadMedia(
  file: Blob | null | undefined,
  label: string,
  fileName?: string,
): Promise<UploadedMedia> {
  if (!file || file.size === 0) throw new UploadError('media.file_required');
  if (!label.trim()) throw new UploadError('media.label_required');
  const body = new FormData();
  body.append('label', label);
  // A recording is a bare Blob: give it a File's name and type so the upload names it.
  body.append(
    'file',
    file instanceof File && !fileName ? file : new File([file], fileName ?? 'file', { type: file.type }),
  );

  let response: Response;
  try {
    response = await fetch(apiUrl('/upload-media'), {
      method: 'POST',
      // Without it the server refuses the request (CSRF defence); the browser sets the multipart boundary.
      headers: {
        Accept: 'application/json',
        'Accept-Language': getStoredLanguage(),
        'X-Requested-With': 'XMLHttpRequest',
      },
      credentials: 'include',
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new UploadError(UPLOAD_FAILED);
  }
  const json = (await response.json().catch(() => undefined)) as { data?: UploadedMedia } | undefined;
  if (!response.ok || !json?.data) throw new UploadError(failureMessage(json, UPLOAD_FAILED));
  return json.data;
}

/** `media/abc.png` or `abc.png` -> `abc.png`. */
export const mediaFileName = (reference: string): string => reference.replace(/^media\//, '');

/** Where a stored reference is served (the API's `media_url`). */
export const mediaUrl = (reference: string | null | undefined): string | null =>
  reference ? `/api/media/${encodeURIComponent(mediaFileName(reference))}` : null;

/** Removes an upload (its owner or an administrator may). */
export async function deleteMedia(reference: string): Promise<void> {
  await http(`/media/${encodeURIComponent(mediaFileName(reference))}`, { method: 'DELETE' });
}
