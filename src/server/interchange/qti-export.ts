import type { Readable } from 'node:stream';
import type { MediaStorage } from '../media/index';
import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';
import type { ExportQuestion } from './qti/qti-item-writer';
import { qtiPackage, type PackageQuestion } from './qti/qti-package-writer';
import { storedValue, VALUE_FIELDS } from './question-fields';

/** A question row as the bank or an exam stores it (the same columns in both). */
export type StoredQuestion = Record<string, unknown> & { id: number; platform_id: number };

const fileNameOf = (reference: unknown) =>
  typeof reference === 'string' && reference ? reference.replace(/^media\//, '') : null;

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A stored question as a package carries it: every declared value (numbers as numbers), media as
 * paths in the package; `prefix` names its item (`Q` for the bank, `E` for an exam's copy).
 */
export function exportQuestion(row: StoredQuestion, prefix: string): ExportQuestion {
  const media = fileNameOf(row.media);
  const audio = fileNameOf(row.instruction_audio);
  const answerKey = typeof row.answer_key === 'string' ? JSON.parse(row.answer_key) : row.answer_key;
  const values = Object.fromEntries(VALUE_FIELDS.map((field) => [field, storedValue(field, row[field])]));
  return {
    ...values,
    identifier: `${prefix}${row.id}`,
    text: String(row.text),
    content_language: row.content_language === 'en' ? 'en' : 'ar',
    answer_type: row.answer_type as AnswerKind,
    answer_key: answerKey,
    mark: Number(row.mark),
    mark_option: row.mark_option as MarkOption,
    media_type: (row.media_type as ExportQuestion['media_type']) ?? 'none',
    media: media && row.media_type !== 'none' ? `media/${media}` : null,
    media_alt: typeof row.media_alt === 'string' ? row.media_alt : null,
    media_replay_count: Number(row.media_replay_count ?? 0),
    instruction_audio: audio ? `media/${audio}` : null,
  };
}

/**
 * Packages questions as QTI 3.0 with their media's bytes. A media file missing from storage is
 * left out of the package rather than failing the export (its reference stays in the item, and a
 * re-import reports it missing).
 */
export async function exportPackage(
  storage: MediaStorage,
  questions: PackageQuestion[],
  options: { identifier: string; test?: { identifier: string; title: string } },
): Promise<Uint8Array> {
  const media = await packageMedia(storage, questions);
  return qtiPackage({ identifier: options.identifier, questions, media, test: options.test });
}

/** The questions' media and instruction audio, by their path in a package (`media/<file>`); a file missing from storage is left out. */
export async function packageMedia(
  storage: MediaStorage,
  questions: PackageQuestion[],
): Promise<Map<string, Uint8Array>> {
  const media = new Map<string, Uint8Array>();
  for (const { question } of questions)
    for (const path of [question.media, question.instruction_audio]) {
      if (!path || media.has(path)) continue;
      try {
        media.set(path, await bytesOf(storage.read(path.replace(/^media\//, ''))));
      } catch {
        // Missing on disk: the package goes without it.
      }
    }
  return media;
}
