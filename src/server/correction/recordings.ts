import type { Readable } from 'node:stream';
import type { MarkingHandle } from '../../common/correction/index';
import type { Db } from '../db/database';
import { notFound } from '../http/app-error';
import { loadCorrectionTarget } from './correction-context';

/**
 * Where a marker plays a spoken answer: named by the exam, the handle the correction addresses the
 * student by (their id, or the code under anonymous marking) and the question, never by the stored
 * file's name, which its owner's other requests could tie to them.
 */
export function recordingPath(examId: number, handle: MarkingHandle, questionId: number, part: string): string {
  const who = typeof handle === 'string' ? `anonymous/${handle}` : `students/${handle}`;
  const query = part === '' ? '' : `?part=${encodeURIComponent(part)}`;
  return `/api/exams/${examId}/${who}/recordings/${questionId}${query}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The stored name of the recording an answer (or a paragraph's related answer) refers to. */
function recordingOf(answer: unknown, part: string): string | null {
  const own = part === '' ? answer : isRecord(answer) && isRecord(answer.children) ? answer.children[part] : null;
  if (!isRecord(own) || typeof own.media !== 'string') return null;
  return own.media.replace(/^media\//, '');
}

export interface RecordingFile {
  mime: string;
  size: number;
  ext: string;
  read: () => Readable;
}

/**
 * The recording of a submitted attempt's spoken answer, for a marker: 404 for anything else (an
 * attempt not submitted, a question without a recording, a handle of the wrong kind).
 */
export async function loadRecording(
  db: Db,
  storage: { read(fileName: string): Readable },
  examId: number,
  handle: MarkingHandle,
  questionId: number,
  part: string,
): Promise<RecordingFile> {
  const { attempt } = await loadCorrectionTarget(db, examId, handle);
  if (!attempt || attempt.status !== 'submitted') throw notFound();
  const answer = await db
    .selectFrom('attempt_answers')
    .select('answer')
    .where('attempt_id', '=', attempt.id)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  const fileName = answer ? recordingOf(json(answer.answer), part) : null;
  if (!fileName) throw notFound();
  const media = await db
    .selectFrom('media')
    .select(['file_name', 'mime', 'size', 'kind'])
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (!media || media.kind !== 'audio') throw notFound();
  return {
    mime: media.mime,
    size: Number(media.size),
    ext: media.file_name.split('.').pop() ?? 'bin',
    read: () => storage.read(media.file_name),
  };
}
