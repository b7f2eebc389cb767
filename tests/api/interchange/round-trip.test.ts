import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { ROLES } from '../../../src/common/permissions';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';
import { readInterchangeFile } from '../../../src/server/interchange/interchange-read';
import { workbookWithMedia } from '../../../src/server/interchange/xlsx-media';
import { ANSWER_KINDS } from '../../../schemas/parts/question-kinds';
import type { PlatformIdentifier } from '../../../schemas/parts/fields';
import { call } from '../../helpers/api-client';
import { createDemoApp } from '../../helpers/demo-template';
import { buildUser, signIn } from '../../helpers/factories';
import { PNG_1X1 } from '../../helpers/media-fixtures';
import { buildPlatform } from '../../helpers/resource-factory';
import { bytesOf, runImportJob, uploadQuestions } from '../../helpers/question-files';
import { qtiSchemaProblems } from '../../helpers/qti-schemas';
import type { TestContext } from '../../helpers/test-app';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createDemoApp();
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
});
afterAll(() => t.close());

const exportBank = async (platformId: number, format = 'qti3') => {
  const response = await call(
    t.app,
    'GET',
    `/api/questions-bank/export?format=${format}&platform_id=${platformId}&sort=id&order=asc`,
    undefined,
    { cookie: admin },
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return bytesOf(response);
};

/** What must survive a round trip: each question's fields, its lookups' names and its media's bytes. */
function fingerprint(zip: Uint8Array) {
  const file = readQti(zip);
  return file.items.map((item) => ({
    problems: item.problems,
    question: item.question,
    metadata: item.metadata,
    media: item.media ? Buffer.from(file.media.get(item.media)!).toString('base64') : null,
    audio: item.instructionAudio ? Buffer.from(file.media.get(item.instructionAudio)!).toString('base64') : null,
  }));
}

describe('the demo bank in QTI 3.0', () => {
  it('exports, imports into an empty platform (creating its lookups) and exports again the same', async () => {
    const demo = await t.db
      .selectFrom('platforms')
      .select('id')
      .where('identifier', '=', 'IRA')
      .executeTakeFirstOrThrow();
    const first = await exportBank(demo.id);
    const files = Object.keys(unzipSync(first));
    expect(files).toContain('imsmanifest.xml');
    expect(files.some((f) => f.startsWith('media/'))).toBe(true);
    expect(files.some((f) => f.startsWith('stimuli/'))).toBe(true);
    const before = fingerprint(first);
    expect(new Set(before.map((b) => b.question?.answer_type))).toEqual(new Set(ANSWER_KINDS));
    expect(new Set(before.map((b) => b.question?.content_language))).toEqual(new Set(['en', 'ar']));

    const empty = await buildPlatform(t.db, 'IRA');
    const file = { name: 'bank.zip', content: first };
    const dry = await uploadQuestions(t, admin, file, {
      mode: 'dry_run',
      platform_id: String(empty.id),
      create_lookups: 'true',
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data;
    expect(report).toMatchObject({
      status: 'dry_run',
      format: 'qti3',
      summary: { create: before.length, unsupported: 0, errors: 0 },
    });
    expect(report.summary.lookups_created).toBeGreaterThan(5);
    expect(report.items[0].notes.join(' ')).toMatch(/will be created/);
    expect(await t.db.selectFrom('questions').select('id').where('platform_id', '=', empty.id).execute()).toHaveLength(
      0,
    );

    const queued = await uploadQuestions(t, admin, file, {
      mode: 'import',
      platform_id: String(empty.id),
      create_lookups: 'true',
    });
    expect(queued.statusCode, queued.body).toBe(202);
    // The dry run previewed each question; an import under way and done carries no preview (its polls stay small).
    expect(report.items.every((item: { preview: unknown }) => item.preview !== null)).toBe(true);
    expect(queued.json().data.items.every((item: { preview: unknown }) => item.preview === null)).toBe(true);
    await runImportJob(t, queued.json().data.id);
    const done = await call(t.app, 'GET', `/api/questions-bank/imports/${queued.json().data.id}`, undefined, {
      cookie: admin,
    });
    expect(done.json().data).toMatchObject({ status: 'done', error: null });
    expect(done.json().data.items.every((item: { preview: unknown }) => item.preview === null)).toBe(true);
    expect(done.json().data.created_ids).toHaveLength(before.length);

    const again = fingerprint(await exportBank(empty.id));
    expect(again).toEqual(before);
  });

  it('exports an exam as a test listing its items in order', async () => {
    const exam = await t.db.selectFrom('exams').select('id').orderBy('id').executeTakeFirstOrThrow();
    const response = await call(t.app, 'GET', `/api/exams/${exam.id}/export?format=qti3`, undefined, {
      cookie: admin,
      lang: 'ar',
    });
    expect(response.statusCode).toBe(200);
    const zip = unzipSync(bytesOf(response));
    const test = new TextDecoder().decode(zip[`tests/T${exam.id}.xml`]);
    const refs = [...test.matchAll(/qti-assessment-item-ref identifier="([^"]+)"/g)].map((m) => m[1]);
    const count = await t.db.selectFrom('exam_questions').select('id').where('exam_id', '=', exam.id).execute();
    expect(refs.length).toBeGreaterThanOrEqual(count.length);
    expect(test).toContain('<qti-assessment-test');
    expect(await qtiSchemaProblems(zip)).toEqual([]);
  });
});

/** A structural id (parts get new ids each time a workbook is read) as a blank. */
/** Another accepted order of a reordering as its items' positions (their ids are new on every import). */
const ordersByPosition = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(ordersByPosition);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, v]) => [key, ordersByPosition(v)] as const);
  const record = Object.fromEntries(entries) as Record<string, unknown>;
  const items = record.items as { id: string }[] | undefined;
  if (Array.isArray(record.also_accepted) && Array.isArray(items))
    record.also_accepted = (record.also_accepted as string[][]).map((order) =>
      order.map((id) => items.findIndex((item) => item.id === id) + 1),
    );
  return record;
};
const withoutIds = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(ordersByPosition(value)), (key, v) => (key === 'id' || key === 'right_id' ? '' : v));

/** What must survive a workbook's round trip: each question's fields, its lookups' names and its media's bytes. */
async function workbookFingerprint(zip: Uint8Array) {
  const file = await readInterchangeFile(zip);
  expect(file.format).toBe('xlsx');
  return file.items.map((item) => ({
    problems: item.problems,
    question: withoutIds(item.question),
    metadata: item.metadata,
    media: item.media ? Buffer.from(file.media.get(item.media) ?? []).toString('base64') : null,
    audio: item.instructionAudio ? Buffer.from(file.media.get(item.instructionAudio) ?? []).toString('base64') : null,
  }));
}

describe('the demo bank as an Excel workbook with its media (issue 40)', () => {
  it('exports as one zip, imports into an empty platform and exports again the same, media bytes included', async () => {
    const demo = await t.db
      .selectFrom('platforms')
      .select('id')
      .where('identifier', '=', 'IRA')
      .executeTakeFirstOrThrow();
    const first = await exportBank(demo.id, 'xlsx_media');
    const names = Object.keys(unzipSync(first));
    expect(names).toContain('questions-bank.xlsx');
    const before = await workbookFingerprint(first);
    const withMedia = before.filter((b) => b.media || b.audio);
    expect(withMedia.length).toBeGreaterThan(5);
    // Every picture and sound is in the zip, with its bytes.
    expect(withMedia.every((b) => (b.media ?? 'x') !== '' && (b.audio ?? 'x') !== '')).toBe(true);
    expect(new Set(before.map((b) => (b.question as { answer_type: string }).answer_type))).toEqual(
      new Set(ANSWER_KINDS),
    );

    const empty = await buildPlatform(t.db, 'IRA');
    const file = { name: 'bank.zip', content: first };
    const options = { platform_id: String(empty.id), create_lookups: 'true' };
    const dry = await uploadQuestions(t, admin, file, { mode: 'dry_run', ...options });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ format: 'xlsx', summary: { create: before.length, errors: 0 } });
    const queued = await uploadQuestions(t, admin, file, { mode: 'import', ...options });
    expect(queued.statusCode, queued.body).toBe(202);
    await runImportJob(t, queued.json().data.id);
    const again = await workbookFingerprint(await exportBank(empty.id, 'xlsx_media'));
    expect(again).toEqual(before);
  });

  it('brings every other platform of the demo back the same, as QTI and as a workbook with media', async () => {
    const others = await t.db
      .selectFrom('platforms')
      .select(['id', 'identifier'])
      .where('identifier', '!=', 'IRA')
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('questions').select('questions.id').whereRef('questions.platform_id', '=', 'platforms.id')),
      )
      .execute();
    expect(others.length).toBeGreaterThan(0);
    for (const platform of others)
      for (const [format, print] of [
        ['qti3', async (zip: Uint8Array) => fingerprint(zip)],
        ['xlsx_media', workbookFingerprint],
      ] as const) {
        const first = await exportBank(platform.id, format);
        const before = await print(first);
        const empty = await buildPlatform(t.db, platform.identifier as PlatformIdentifier);
        const file = { name: 'bank.zip', content: first };
        const options = { platform_id: String(empty.id), create_lookups: 'true' };
        const queued = await uploadQuestions(t, admin, file, { mode: 'import', ...options });
        expect(queued.statusCode, `${platform.identifier} ${format}: ${queued.body}`).toBe(202);
        await runImportJob(t, queued.json().data.id);
        expect(await print(await exportBank(empty.id, format)), `${platform.identifier} ${format}`).toEqual(before);
      }
  });

  it('reads a zip of a workbook and its pictures however it was made, and refuses one with two workbooks', async () => {
    const workbook = new Uint8Array([1, 2, 3]);
    const made = unzipSync(
      zipSync({
        'my bank/quiz.xlsx': workbook,
        'my bank/~$quiz.xlsx': workbook,
        'my bank/pics/map.png': new Uint8Array([9]),
        '__MACOSX/._map.png': new Uint8Array([0]),
      }),
    );
    const found = workbookWithMedia(new Map(Object.entries(made)));
    expect(found?.bytes).toEqual(workbook);
    // By its file name wherever it sits, or by its path; Excel's lock file and macOS's copies are not media.
    expect([...found!.media.keys()].sort()).toEqual(['map.png', 'my bank/pics/map.png']);
    // A QTI package is not a workbook; two workbooks are refused with a message.
    expect(
      workbookWithMedia(
        new Map([
          ['imsmanifest.xml', workbook],
          ['a.xlsx', workbook],
        ]),
      ),
    ).toBeUndefined();
    expect(() =>
      workbookWithMedia(
        new Map([
          ['a.xlsx', workbook],
          ['b.xlsx', workbook],
        ]),
      ),
    ).toThrow(expect.objectContaining({ reason: 'interchange.errors.several_workbooks' }));

    // A real workbook stored uncompressed beside a picture (zip -0): its names show in the zip's
    // bytes, and it is still read as a workbook with media, not as a workbook.
    const demo = await t.db
      .selectFrom('platforms')
      .select('id')
      .where('identifier', '=', 'IRA')
      .executeTakeFirstOrThrow();
    const real = bytesOf(
      await call(t.app, 'GET', `/api/questions-bank/export?format=xlsx&platform_id=${demo.id}`, undefined, {
        cookie: admin,
      }),
    );
    const stored = zipSync({ 'bank.xlsx': [real, { level: 0 }], 'media/extra.png': [PNG_1X1, { level: 0 }] });
    const file = await readInterchangeFile(stored);
    expect(file.format).toBe('xlsx');
    expect(file.items.length).toBeGreaterThan(10);
    expect(file.media.get('extra.png')).toEqual(new Uint8Array(PNG_1X1));
  });
});

describe("every exported file against 1EdTech's schemas", () => {
  it('validates each item, stimulus and manifest of every platform of the demo bank', async () => {
    const platforms = await t.db
      .selectFrom('platforms')
      .select(['id', 'identifier'])
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('questions').select('questions.id').whereRef('questions.platform_id', '=', 'platforms.id')),
      )
      .orderBy('id')
      .execute();
    expect(platforms.length).toBeGreaterThan(1);
    const files: Record<string, Uint8Array> = {};
    for (const platform of platforms)
      for (const [name, bytes] of Object.entries(unzipSync(await exportBank(platform.id))))
        files[`${platform.id}/${name}`] = bytes;
    const names = Object.keys(files);
    // Pictures, sounds, passages, every kind and both languages are in what was checked.
    expect(names.filter((n) => n.endsWith('imsmanifest.xml'))).toHaveLength(platforms.length);
    expect(names.some((n) => n.includes('/stimuli/'))).toBe(true);
    const xml = names.filter((n) => n.endsWith('.xml')).map((n) => new TextDecoder().decode(files[n]));
    expect(xml.some((x) => x.includes('<img'))).toBe(true);
    expect(xml.some((x) => x.includes('<audio'))).toBe(true);
    expect(xml.some((x) => x.includes('qti-upload-interaction'))).toBe(true);
    expect(xml.some((x) => x.includes('qti-extended-text-interaction'))).toBe(true);
    expect(await qtiSchemaProblems(files)).toEqual([]);
  });

  it('finds what the schema refuses (a picture straight in the body, a data attribute of our own)', async () => {
    const platform = await t.db
      .selectFrom('platforms')
      .select('id')
      .where('identifier', '=', 'IRA')
      .executeTakeFirstOrThrow();
    const zip = unzipSync(await exportBank(platform.id));
    const [name] = Object.keys(zip).filter((n) => n.startsWith('items/'));
    const xml = new TextDecoder().decode(zip[name]);
    const broken = xml
      .replace('<qti-item-body', '<qti-item-body data-made-up="1"')
      .replace(/(<qti-item-body[^>]*>)/, '$1<img src="x.png" alt=""/>');
    const problems = await qtiSchemaProblems({ [name]: new TextEncoder().encode(broken) });
    expect(problems.join('\n')).toMatch(/data-made-up/);
    expect(problems.join('\n')).toMatch(/img/);
  });
});
