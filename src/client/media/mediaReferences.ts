import { mediaFileName } from '../providers/mediaMethods';

export { mediaFileName };

/** Where a stored reference is served (the API's `media_url`). */
export const mediaUrl = (reference: string | null | undefined): string | null =>
  reference ? `/api/media/${encodeURIComponent(mediaFileName(reference))}` : null;
