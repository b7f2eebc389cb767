import { http } from './http';

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

/** `media/abc.png` or `abc.png` -> `abc.png`. */
export const mediaFileName = (reference: string): string => reference.replace(/^media\//, '');

/** Uploads and their removal (SPEC section 7, "Media"). */
export interface MediaMethods {
  /** Multipart: the file under a media label. An answer without `data` is a failure. */
  uploadMedia(file: File, label: string): Promise<{ data: UploadedMedia | undefined }>;
  /** Removes an upload by its stored reference (its owner or an administrator may). */
  deleteMedia(reference: string): Promise<{ data: { reference: string } }>;
}

export const mediaMethods: MediaMethods = {
  uploadMedia: (file, label) => {
    const body = new FormData();
    body.append('label', label);
    body.append('file', file);
    return http<{ data?: UploadedMedia } | undefined>('/upload-media', { method: 'POST', body }).then(({ json }) => ({
      data: json?.data,
    }));
  },

  deleteMedia: (reference) =>
    http(`/media/${encodeURIComponent(mediaFileName(reference))}`, { method: 'DELETE' }).then(() => ({
      data: { reference },
    })),
};
