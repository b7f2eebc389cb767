import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import { ManualClock } from '../../../src/server/clock';
import { call } from '../../helpers/api-client';
import { assign, buildDeliveryScene } from '../../helpers/delivery-factory';
import { buildUser, signIn } from '../../helpers/factories';
import { multipartBody } from '../../helpers/media-fixtures';
import { studentBatch } from '../../helpers/student-answers';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * Issue 39, "one small workbook stops the whole platform": each shape of hostile file (rows with a
 * cell in column XFD, a bomb of empty cells, XML nested without end, a zip bomb, and a workbook
 * within every count that needs more memory than a read may have) is uploaded over HTTP while a
 * second client times `/api/health` and a student saves answers. Each file is refused with its
 * message; health answers within 500 ms at the 99th percentile (a read on the event loop held it
 * 13 to 39 s; 200 ms failed once only because the 2-core machine was busy with other work) and
 * every save is acknowledged.
 * The files are made here, not kept in the repository.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let t: TestContext;
let base: string;
let admin: string;
let author: string;
let platformId: number;
let student: { cookie: string; attempt: string; answers: () => Promise<unknown[]> };

beforeAll(async () => {
  // A read may take 160 MB here: the last workbook needs more (the default is 768 MB).
  t = await createTestApp({ readLimits: { memoryMb: 160, seconds: 60, threads: 1 } }, clock);
  const registry = await loadSchemaRegistry();
  admin = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.admin' }));
  author = await signIn(t.app, await buildUser(t.db, { role: 'com.ltm.roles.author' }));
  const scene = await buildDeliveryScene(t.app, t.db, registry, {
    questions: [{ kind: 'essay', key: { max_words: 500 } }],
  });
  platformId = scene.lookups.platform.id;
  const assigned = await assign(t.app, author, scene.exam.id, {
    start_date_time: '2026-06-02 08:00:00',
    end_date_time: '2026-06-20 15:00:00',
    student_ids: [scene.students[0].id],
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const row = await t.db
    .selectFrom('student_exams')
    .select('id')
    .where('student_id', '=', scene.students[0].id)
    .executeTakeFirstOrThrow();
  const started = await call(t.app, 'POST', `/api/student/exams/${row.id}/start`, undefined, {
    cookie: scene.studentCookie,
  });
  expect(started.statusCode, started.body).toBe(200);
  let seq = 0;
  const essay = scene.questions[0].id;
  student = {
    cookie: scene.studentCookie,
    attempt: `/api/student/exams/${row.id}/answers`,
    answers: () => studentBatch(t.db, row.id, [{ question_id: essay, answer: { text: `draft ${++seq}` }, seq }]),
  };
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const headers = (cookie: string) => ({ 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en', cookie });

/** Uploads a file over HTTP while health is timed and the student saves; what each saw. */
async function uploadUnderWatch(path: string, cookie: string, file: Uint8Array, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipartBody(
    { mode: 'dry_run', ...fields },
    { name: 'f', content: Buffer.from(file) },
  );
  let done = false;
  const latencies: number[] = [];
  const saves: number[] = [];
  const health = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      latencies.push(performance.now() - started);
      expect(response.status).toBe(200);
      await sleep(10);
    }
  })();
  const saving = (async () => {
    while (!done) {
      const response = await fetch(`${base}${student.attempt}`, {
        method: 'PUT',
        headers: { ...headers(student.cookie), 'content-type': 'application/json' },
        body: JSON.stringify({ answers: await student.answers() }),
      });
      saves.push(response.status);
      await sleep(25);
    }
  })();
  // Health and saves have begun before the file is sent.
  await sleep(30);
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { ...headers(cookie), 'content-type': contentType },
    body: payload,
  });
  const body = (await response.json()) as { message: string; errors?: { file?: string[] } };
  done = true;
  await Promise.all([health, saving]);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!;
  return { status: response.status, message: body.errors?.file?.[0] ?? body.message, p99, saves };
}

/** A workbook of one sheet: the parts a reader looks for, around the sheet's XML. */
const workbook = (sheetXml: string) =>
  zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
      'xl/workbook.xml': strToU8(
        '<?xml version="1.0"?><workbook><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>',
      ),
      'xl/worksheets/sheet1.xml': strToU8(sheetXml),
    },
    { level: 6 },
  );
const sheetOf = (rows: string) => `<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A header and 50,000 rows, each with one cell in column XFD (the issue's 253 KB roster). */
const wideRows = (header: string[]) =>
  workbook(
    sheetOf(
      `<row r="1">${header.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>` +
        Array.from({ length: 50_000 }, (_, i) => `<row r="${i + 2}">${inline(`XFD${i + 2}`, 'x')}</row>`).join(''),
    ),
  );
/** A sheet that inflates to 40 MB of `<c/>`. */
const cellBomb = () => workbook(sheetOf(`<row r="1">${'<c/>'.repeat(10_000_000)}</row>`));
/** 20,000 students by 40 columns: within every count, but more than a read's memory in ExcelJS. */
const heavyRoster = () =>
  workbook(
    sheetOf(
      Array.from({ length: 20_000 }, (_, r) => {
        const cells = Array.from({ length: 40 }, (_, c) => {
          const ref = `${c < 26 ? '' : 'A'}${String.fromCharCode(65 + (c % 26))}${r + 1}`;
          return inline(ref, r === 0 ? (c === 0 ? 'student_number' : `extra ${c}`) : `value ${r}-${c}`);
        });
        return `<row r="${r + 1}">${cells.join('')}</row>`;
      }).join(''),
    ),
  );
const zipBomb = (files: Record<string, Uint8Array>, megabytes: number) =>
  zipSync({ ...files, 'bomb.bin': new Uint8Array(megabytes * 2 ** 20) }, { level: 9 });

function expectServed(result: Awaited<ReturnType<typeof uploadUnderWatch>>, status: number, message: RegExp) {
  expect([result.status, result.message]).toEqual([status, expect.stringMatching(message)]);
  expect(result.p99).toBeLessThan(500);
  expect(result.saves.length).toBeGreaterThan(0);
  expect(new Set(result.saves)).toEqual(new Set([200]));
}

describe('hostile files, while the server goes on serving', () => {
  it('refuses each shape of roster with its message', async () => {
    const roster = (file: Uint8Array) => uploadUnderWatch('/roster/imports', admin, file);
    expectServed(await roster(wideRows(['student_number', 'first_name'])), 422, /beyond column CV/);
    expectServed(await roster(cellBomb()), 422, /more than 2000000 cells/);
    expectServed(await roster(zipBomb({ 'manifest.csv': strToU8('a') }, 210)), 422, /more than 200 MB/);
    expectServed(await roster(heavyRoster()), 422, /more than 160 MB of memory/);
  }, 120_000);

  it('refuses each shape of question file with its message', async () => {
    const questions = (file: Uint8Array) =>
      uploadUnderWatch('/questions-bank/imports', author, file, { platform_id: String(platformId) });
    expectServed(await questions(wideRows(['Answer type', 'Text'])), 422, /beyond column CV/);
    expectServed(await questions(cellBomb()), 422, /more than 1000000 cells/);
    expectServed(await questions(strToU8(`<quiz>${'<a>'.repeat(200_000)}</quiz>`)), 422, /more than 256 deep/);
    const manifest = strToU8('<?xml version="1.0"?><manifest/>');
    expectServed(await questions(zipBomb({ 'imsmanifest.xml': manifest }, 310)), 422, /zip bomb/);
  }, 120_000);
});
