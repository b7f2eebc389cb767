import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { forbidden, invalid } from '../http/app-error';
import type { AuthContext } from '../http/auth-context';
import { answerQuestionOf, spokenAnswerOpen } from './answer-recordings';
import { mayUpload, purposeOf } from './media-access';
import { releaseQuota, reserveQuota } from './media-quota';
import type { MediaStorage } from './media-storage';
import { MAX_UPLOAD_BYTES } from './media-types';
import { receiveUpload, type ReceivedFile } from './media-upload';

/**
 * A label groups uploads (e.g. `exams/questions/12/audio_responses`): slash-separated plain
 * segments. Anything that looks like a path escape (.., a leading slash, backslashes) is refused;
 * labels are metadata and never become a file path.
 */
const LABEL = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_{}-]+)*$/;
const validLabel = (label: string) => label.length <= 200 && LABEL.test(label);

/** What multipart framing adds around a file at most, beyond its bytes (reserved with it). */
const FRAMING_BYTES = 64 * 1024;

/** The user's file name, kept only as download metadata: no separators, quotes or control characters. */
const cleanOriginalName = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/"'.includes(ch) ? '_' : ch))
    .join('')
    .slice(0, 255) || 'file';

export interface IntakeContext {
  db: Db;
  storage: MediaStorage;
  auth: AuthContext;
  quotaMb: number;
  now: Date;
  graceSeconds: number;
}

export interface StoredMedia {
  file: ReceivedFile;
  label: string;
}

/**
 * `POST /upload-media`: the quota is reserved first (429, before a byte is stored), then the file
 * is streamed to storage while its type and size are checked (422), and the label is checked as
 * soon as it is read (422, 403). A spoken answer must be audio by its bytes, for a question that
 * asks for one in the uploader's own running attempt (422). Only then is the upload recorded, and
 * its reservation given back in the same transaction; a refusal leaves nothing stored or reserved.
 */
export async function takeUpload(request: FastifyRequest, context: IntakeContext): Promise<StoredMedia> {
  const { db, storage, auth } = context;
  if (!request.isMultipart()) throw invalid({ file: ['media.file_required'] });
  const declared = Number(request.headers['content-length']);
  const bytes = Number.isFinite(declared) && declared > 0 ? declared : MAX_UPLOAD_BYTES + FRAMING_BYTES;
  const reservation = await reserveQuota(
    db,
    auth.user.id,
    Math.min(bytes, MAX_UPLOAD_BYTES + FRAMING_BYTES),
    context.quotaMb,
  );
  let received: Awaited<ReturnType<typeof receiveUpload>> | undefined;
  try {
    received = await receiveUpload(request, storage, (label) => checkLabel(label, context));
    const { label, file } = received;
    const errors: Record<string, string[]> = {};
    if (!file) errors.file = ['media.file_required'];
    if (!label) errors.label = ['media.label_required'];
    else if (!validLabel(label)) errors.label = ['media.label_invalid'];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (purposeOf(label!) === 'answer' && file!.type.kind !== 'audio')
      throw invalid({ file: ['media.answer_not_audio'] });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('media')
        .values({
          file_name: file!.fileName,
          original_name: cleanOriginalName(file!.name),
          label: label!,
          kind: file!.type.kind,
          mime: file!.type.mime,
          size: file!.size,
          owner_id: auth.user.id,
        })
        .execute();
      await releaseQuota(trx, reservation);
    });
    return { file: file!, label: label! };
  } catch (error) {
    await releaseQuota(db, reservation).catch(() => undefined);
    if (received?.file) await storage.remove(received.file.fileName).catch(() => undefined);
    throw error;
  }
}

/** A label's own checks: its form (422), who may upload for it (403), a spoken answer's question (422). */
async function checkLabel(label: string, context: IntakeContext): Promise<void> {
  if (!validLabel(label)) throw invalid({ label: ['media.label_invalid'] });
  const purpose = purposeOf(label);
  if (!mayUpload(context.auth, purpose)) throw forbidden();
  if (purpose !== 'answer') return;
  const questionId = answerQuestionOf(label);
  const open =
    questionId !== null &&
    (await spokenAnswerOpen(context.db, context.auth.user.id, questionId, context.now, context.graceSeconds));
  if (!open) throw invalid({ label: ['media.answer_question_invalid'] });
}
