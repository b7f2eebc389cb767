import { z } from 'zod';
import { QM } from '../../../schemas/parts/question-messages';
import { QUESTION_LIMITS } from '../../../schemas/parts/question-limits';

/**
 * Whether a string can name a stored upload: its file name (`abc123.webm`) or relative path
 * (`media/abc123.webm`). Plain segments only: no scheme, no leading slash, no "." or ".."
 * segment, so a reference can never point outside the media store or off the site.
 */
export function isMediaReference(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > QUESTION_LIMITS.mediaReference) return false;
  return value.split('/').every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== '.' && segment !== '..');
}

/** A reference to an uploaded file, as returned by /api/upload-media; `typeKey` names a non-string. */
export const mediaReferenceField = (typeKey: string = QM.mediaInvalid) =>
  z.string({ error: typeKey }).refine(isMediaReference, { error: QM.mediaInvalid });

export const mediaReference = mediaReferenceField(QM.mediaRequired);
