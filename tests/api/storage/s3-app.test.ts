import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/common/permissions';
import { ManualClock } from '../../../src/server/clock';
import { loadSchemaRegistry } from '../../../src/server/resources/load-schemas';
import type { FileStore } from '../../../src/server/storage/index';
import { s3FileStore } from '../../../src/server/storage/s3-file-store';
import { call } from '../../helpers/api-client';
import { buildUser, signIn } from '../../helpers/factories';
import { multipartBody, wav } from '../../helpers/media-fixtures';
import { buildReportScene, pdfText, reportDeps, runReportJobs, zipEntries } from '../../helpers/report-factory';
import { startS3Server, type S3Server } from '../../helpers/s3-server';
import { dropTemplate } from '../../helpers/db-template';
import { createTestApp, type TestContext } from '../../helpers/test-app';

/**
 * The product on an S3-compatible bucket (s3rver in its own process, the real AWS SDK over HTTP):
 * media and report files go to the bucket, never to DATA_DIR, and come back through the server's
 * access checks; `npm run storage:migrate` moves an existing DATA_DIR into a bucket, one way.
 */
const clock = new ManualClock(new Date('2026-06-05T09:00:00Z'));
let s3: S3Server;
let t: TestContext;
let bucket: FileStore;
let admin: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ storage: s3.storage('app') }, clock);
  bucket = s3FileStore(s3.storage('app'));
  admin = await signIn(t.app, await buildUser(t.db, { role: ROLES.admin }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const keysIn = async (store: FileStore, prefix: string) => {
  const keys: string[] = [];
  for await (const { key } of store.list(prefix)) keys.push(key);
  return keys.sort();
};

/** Downloads reports as the admin. */
const download = (language: 'en' | 'ar' | 'both', ids: number[]) =>
  call(t.app, 'POST', '/api/reports/download', { language, report_ids: ids }, { cookie: admin });

async function upload(cookie: string, name: string, content: Buffer) {
  const { payload, contentType } = multipartBody({ label: 'questions/media' }, { name, content });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload-media',
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.file_name as string;
}

describe('media in the bucket', () => {
  it('streams an upload into the bucket, serves it back through the access check, and removes it', async () => {
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const sound = wav(2);
    const name = await upload(author, 'صوت.wav', sound);
    expect(await keysIn(bucket, 'media/')).toContain(`media/${name}`);
    expect(fs.existsSync(path.join(t.app.config.dataDir, 'media', name))).toBe(false);

    const served = await call(t.app, 'GET', `/api/media/${name}`, undefined, { cookie: author });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(served.rawPayload.equals(sound)).toBe(true);
    // The bucket answers anyone with the key; the server answers only those who may read it.
    const student = await signIn(t.app, await buildUser(t.db, { role: ROLES.student }));
    expect((await call(t.app, 'GET', `/api/media/${name}`, undefined, { cookie: student })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/media/${name}`)).statusCode).toBe(401);

    expect((await call(t.app, 'DELETE', `/api/media/${name}`, undefined, { cookie: author })).statusCode).toBe(200);
    expect(await keysIn(bucket, 'media/')).not.toContain(`media/${name}`);
  });

  it('answers 503 in its own shape, not a 500, when the bucket cannot be reached (issue 39)', async () => {
    // The same product, its bucket's address a port nothing listens on.
    const cut = await createTestApp({ storage: { ...s3.storage('app'), endpoint: 'http://127.0.0.1:9' } }, clock);
    try {
      const owner = await buildUser(cut.db, { role: ROLES.author });
      const cookie = await signIn(cut.app, owner);
      await cut.db
        .insertInto('media')
        .values({
          file_name: 'a1b2c3d4e5f6.wav',
          original_name: 'صوت.wav',
          label: 'questions/media',
          kind: 'audio',
          mime: 'audio/wav',
          size: 44,
          owner_id: owner.id,
        })
        .execute();
      const served = await call(cut.app, 'GET', '/api/media/a1b2c3d4e5f6.wav', undefined, { cookie });
      expect(served.statusCode).toBe(503);
      expect(served.headers['retry-after']).toBe('5');
      expect(served.headers['content-type']).toMatch(/^application\/json/);
      expect(served.json()).toEqual({ message: expect.stringContaining('try again') });
    } finally {
      await cut.close();
    }
  });

  it('keeps nothing in the bucket of an upload it refuses', async () => {
    const author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
    const before = await keysIn(bucket, 'media/');
    const { payload, contentType } = multipartBody(
      { label: 'questions/media' },
      { name: 'script.wav', content: Buffer.from('<script>alert(1)</script>'.repeat(100)) },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/upload-media',
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie: author },
      payload,
    });
    expect(refused.statusCode).toBe(422);
    // Past its kind's limit (audio: 20 MB) while it streams, part of it already sent to the bucket.
    const big = Buffer.concat([wav(8), Buffer.alloc(21 * 1024 * 1024, 1)]);
    const tooLarge = multipartBody({ label: 'questions/media' }, { name: 'long.wav', content: big });
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/upload-media',
      headers: { 'content-type': tooLarge.contentType, 'x-requested-with': 'XMLHttpRequest', cookie: author },
      payload: tooLarge.payload,
    });
    expect(oversized.statusCode, oversized.body).toBe(422);
    expect(await keysIn(bucket, 'media/')).toEqual(before);
  });
});

describe('reports in the bucket', () => {
  it('writes PDFs and the streamed bundle to the bucket and downloads them from it', async () => {
    const registry = await loadSchemaRegistry();
    const deps = reportDeps(t);
    try {
      const scene = await buildReportScene(t, registry, { count: 2 });
      const queued = await call(
        t.app,
        'POST',
        '/api/schools/reports',
        { school_id: scene.school.id, correction_status_ids: [3] },
        { cookie: admin },
      );
      expect(queued.statusCode, queued.body).toBe(200);
      await runReportJobs(t, deps);
    } finally {
      await deps.close();
    }
    const keys = await keysIn(bucket, 'reports/');
    expect(keys.filter((key) => key.endsWith('bundle.zip'))).toHaveLength(1);
    expect(keys.filter((key) => key.endsWith('/ar.pdf')).length).toBeGreaterThanOrEqual(3);
    expect(fs.existsSync(path.join(t.app.config.dataDir, 'reports'))).toBe(false);

    const reports = (await call(t.app, 'GET', '/api/reports?per_page=100', undefined, { cookie: admin })).json()
      .data as { id: number; type: { key: string } }[];
    const student = reports.find((r) => r.type.key === 'student')!;
    const viewed = await call(t.app, 'GET', `/api/reports/${student.id}/view-pdf?lang=ar`, undefined, {
      cookie: admin,
    });
    expect(viewed.statusCode).toBe(200);
    expect(Number(viewed.headers['content-length'])).toBe(viewed.rawPayload.length);
    expect(pdfText(viewed.rawPayload)).toContain('تقرير الطالب');

    const bundle = reports.find((r) => r.type.key === 'bundle')!;
    const zip = await download('both', [bundle.id]);
    // One stored file: its length from the plan's look at the bucket.
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    expect(Object.keys(zipEntries(zip.rawPayload))).toHaveLength(4);
    // Several reports: a ZIP streamed from the bucket's files as it is sent.
    const several = await download(
      'en',
      reports.filter((r) => r.type.key !== 'bundle').map((r) => r.id),
    );
    const entries = Object.values(zipEntries(several.rawPayload));
    expect(entries.length).toBe(reports.filter((r) => r.type.key !== 'bundle').length);
    for (const data of entries) expect(Buffer.from(data.subarray(0, 4)).toString()).toBe('%PDF');

    // A file gone from the bucket: "download failed" (418), as on disk.
    await bucket.remove(`reports/${student.id}/en.pdf`);
    const gone = await download('en', [student.id]);
    expect(gone.statusCode).toBe(418);
  }, 180_000);
});

describe('npm run storage:migrate', () => {
  const migrate = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/migrate-storage.ts'], {
      env: { ...process.env, ...env },
    });

  it('moves a DATA_DIR into a bucket one way, skips what is there when run again, and the app serves it', async () => {
    // An app on its local directory, with an upload...
    const local = await createTestApp({}, clock);
    const author = await signIn(local.app, await buildUser(local.db, { role: ROLES.author }));
    const { payload, contentType } = multipartBody({ label: 'questions/media' }, { name: 'a.wav', content: wav(1) });
    const uploaded = await local.app.inject({
      method: 'POST',
      url: '/api/upload-media',
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', cookie: author },
      payload,
    });
    const name = uploaded.json().data.file_name as string;
    fs.mkdirSync(path.join(local.app.config.dataDir, 'reports', '41'), { recursive: true });
    fs.writeFileSync(path.join(local.app.config.dataDir, 'reports', '41', 'ar.pdf'), '%PDF-1.7 تقرير');
    const frozen = await local.freeze();
    try {
      const env = {
        DATA_DIR: frozen.dataDir,
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'migrated',
      };
      const first = await migrate(env);
      expect(first.stdout).toMatch(/: 2 copied \(.+ MB\), 0 already there, 0 failed/);
      const again = await migrate(env);
      expect(again.stdout).toMatch(/: 0 copied \(0\.0 MB\), 2 already there, 0 failed/);
      // One way: the directory is as it was.
      expect(fs.existsSync(path.join(frozen.dataDir, 'media', name))).toBe(true);
      const migrated = s3FileStore(s3.storage('migrated'));
      expect(await keysIn(migrated, '')).toEqual([`media/${name}`, 'reports/41/ar.pdf']);

      // ...and an app on the bucket, with no local files at all, serves it.
      const moved = await createTestApp({ storage: s3.storage('migrated') }, clock, frozen);
      try {
        fs.rmSync(path.join(moved.app.config.dataDir, 'media'), { recursive: true, force: true });
        const served = await call(moved.app, 'GET', `/api/media/${name}`, undefined, { cookie: author });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(wav(1))).toBe(true);
      } finally {
        await moved.close();
      }
      // Without a bucket configured, the command refuses and copies nothing.
      await expect(migrate({ DATA_DIR: frozen.dataDir, S3_BUCKET: '' })).rejects.toMatchObject({
        stderr: expect.stringContaining('S3_BUCKET is not set'),
      });
    } finally {
      fs.rmSync(frozen.dataDir, { recursive: true, force: true });
      await dropTemplate(frozen.template);
    }
  }, 120_000);
});
