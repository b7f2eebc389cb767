import { createHmac } from 'node:crypto';
import { answerPartIds, codecFor, type IdCodec } from '../../common/questions/index';

/** Characters of an id a student sees: 96 bits of base64url. */
const LENGTH = 16;

/**
 * The answer-part ids the student of an attempt sees for one question: the HMAC-SHA-256, keyed by
 * the attempt's secret seed (stored with the attempt, never sent), of the question, the scope and
 * the author's id. The same attempt always sees the same ids (a resume, the answers kept on the
 * student's computer); another attempt, another student or another question sees unrelated ones,
 * and none can be turned back into the author's without the seed.
 */
export function attemptIdCodec(seed: string, questionId: number, kind: string, definition: unknown): IdCodec {
  const encode = (id: string, scope: string) =>
    createHmac('sha256', seed).update(`${questionId}\u0000${scope}\u0000${id}`).digest('base64url').slice(0, LENGTH);
  return codecFor(encode, answerPartIds(kind, definition));
}
