import { useCallback } from 'react';
import { useAppDataProvider } from '../providers/appDataProvider';
import { failureMessage } from '../providers/errors';
import type { UploadedMedia } from '../providers/mediaMethods';

export type { UploadedMedia } from '../providers/mediaMethods';

/** SPEC section 8: the generic upload failure, when the server says nothing better. */
export const UPLOAD_FAILED = 'uploader.failed';

/** SPEC section 8's other sentence, said whenever an upload of a file or a recording fails. */
export const UPLOAD_FAILED_FILE = 'uploader.failed_file';

/** A refused or failed upload; `message` is a catalog key or the server's translated sentence. */
export class UploadError extends Error {}

/**
 * Uploads one file under a media label, through the data provider. Both are required (SPEC
 * section 5) and checked here first; a refusal shows the server's first field error, else its
 * message, else the generic one.
 */
export function useUploadMedia() {
  const dataProvider = useAppDataProvider();
  return useCallback(
    async (file: Blob | null | undefined, label: string, fileName?: string): Promise<UploadedMedia> => {
      if (!file || file.size === 0) throw new UploadError('media.file_required');
      if (!label.trim()) throw new UploadError('media.label_required');
      // A recording is a bare Blob: give it a File's name and type so the upload names it.
      const named =
        file instanceof File && !fileName ? file : new File([file], fileName ?? 'file', { type: file.type });
      let uploaded: UploadedMedia | undefined;
      try {
        ({ data: uploaded } = await dataProvider.uploadMedia(named, label));
      } catch (error) {
        throw new UploadError(failureMessage((error as { body?: unknown }).body, UPLOAD_FAILED));
      }
      // No `data`: a malformed answer, or a lost session the data provider has already signed out.
      if (!uploaded?.relative_path) throw new UploadError(UPLOAD_FAILED);
      return uploaded;
    },
    [dataProvider],
  );
}

/** Removes an upload by its stored reference (its owner or an administrator may). */
export function useDeleteMedia() {
  const dataProvider = useAppDataProvider();
  return useCallback(
    async (reference: string): Promise<void> => {
      await dataProvider.deleteMedia(reference);
    },
    [dataProvider],
  );
}
