import pino from 'pino';
import type { TestContext } from './test-app';
import { multipartBody } from './media-fixtures';
import { loadSchemaRegistry } from '../../src/server/resources/load-schemas';
import { QuestionsStore } from '../../src/server/questions/index';
import { mediaStorage } from '../../src/server/media/index';
import { runQuestionImport } from '../../src/server/interchange/index';

/** Uploads a question file as the console does; `fields` adds defaults and create_lookups. */
export function uploadQuestions(
  t: TestContext,
  cookie: string,
  file: { name: string; content: Buffer | Uint8Array },
  fields: Record<string, string>,
  lang: 'en' | 'ar' = 'en',
) {
  const { payload, contentType } = multipartBody(fields, { name: file.name, content: Buffer.from(file.content) });
  return t.app.inject({
    method: 'POST',
    url: '/api/questions-bank/imports',
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang, cookie },
    payload,
  });
}

/** What goes wrong in a job run here is printed with the test's output (the app's own log is kept in memory). */
const jobErrors = pino({ level: 'error' }, process.stderr);

/** Runs a queued import's job now (tests run without the job queue), as the worker would. */
export async function runImportJob(t: TestContext, id: number) {
  const registry = await loadSchemaRegistry();
  await runQuestionImport(
    {
      db: t.db,
      storage: mediaStorage(t.app.fileStore),
      storeFor: (db) => new QuestionsStore(db, registry, 'UTC'),
      log: jobErrors,
    },
    id,
  );
}

/** A file's bytes from a download. */
export const bytesOf = (response: { rawPayload: Buffer }) => new Uint8Array(response.rawPayload);
