import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/permissions';
import { buildUser, signIn } from '../helpers/factories';
import { multipartBody, PNG_1X1, wav } from '../helpers/media-fixtures';
import { rawRequest } from '../helpers/raw-http';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Issue 23, "upload quota race": concurrent uploads reserve their bytes atomically before storing
 * any (24 uploads at once stored more than the quota before), and files stream to storage, with
 * nothing left behind by a refused or broken upload. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL (where the uploads' transactions really run side by side).
 */
const QUOTA_MB = 20;
let t: TestContext;
let base: string;
let author: string;
beforeAll(async () => {
  t = await createTestApp({ mediaDailyQuotaMb: QUOTA_MB });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  author = await signIn(t.app, await buildUser(t.db, { role: ROLES.author }));
}, 60_000);
afterAll(() => t.close());

const mediaDir = () => path.join(t.app.config.dataDir, 'media');
const storedFiles = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()) : []);
const headers = (cookie: string, contentType: string) => ({
  'content-type': contentType,
  'x-requested-with': 'XMLHttpRequest',
  cookie,
});

describe('the daily upload quota', () => {
  it('holds when 24 uploads of 1.2 MB arrive at once against 20 MB', async () => {
    const uploader = await buildUser(t.db, { role: ROLES.author });
    const cookie = await signIn(t.app, uploader);
    const { payload, contentType } = multipartBody(
      { label: 'questions/media' },
      { name: 'a.wav', content: wav(600_000) },
    );
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        rawRequest(base, 'POST', '/api/upload-media', { headers: headers(cookie, contentType), body: payload }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const fits = Math.floor((QUOTA_MB * 1024 * 1024) / payload.length);
    expect(statuses.filter((s) => s === 201)).toHaveLength(fits);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - fits);
    const refused = answers.find((a) => a.status === 429)!;
    expect(JSON.parse(refused.body).message).toContain(`${QUOTA_MB} MB`);
    const mine = await t.db
      .selectFrom('media')
      .select(['size', 'file_name'])
      .where('owner_id', '=', uploader.id)
      .execute();
    expect(mine).toHaveLength(fits);
    expect(mine.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(QUOTA_MB * 1024 * 1024);
    expect(await t.db.selectFrom('media_upload_reservations').select('id').execute()).toEqual([]);
    for (const row of mine) expect(storedFiles()).toContain(row.file_name);
  }, 60_000);
});

describe('streaming uploads', () => {
  it('stores the bytes as they arrive, before the upload has ended', async () => {
    const { payload, contentType } = multipartBody(
      { label: 'questions/media' },
      { name: 'a.wav', content: wav(1_000_000) },
    );
    const before = new Set(storedFiles());
    const { hostname, port } = new URL(base);
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: '/api/upload-media',
          headers: { ...headers(author, contentType), 'content-length': String(payload.length) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      const half = Math.floor(payload.length / 2);
      request.write(payload.subarray(0, half));
      // The first half is on disk under its stored name before the second is sent.
      const waitForFile = async () => {
        for (let i = 0; i < 100; i++) {
          const growing = storedFiles().find((name) => !before.has(name));
          if (growing && fs.statSync(path.join(mediaDir(), growing)).size > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('no file was written while the upload was under way');
      };
      waitForFile().then(() => request.end(payload.subarray(half)), reject);
    });
    const done = await response;
    expect(done.status, done.body).toBe(201);
    const { file_name } = JSON.parse(done.body).data;
    expect(fs.statSync(path.join(mediaDir(), file_name)).size).toBe(wav(1_000_000).length);
  });

  it('leaves nothing stored or reserved when a file passes its limit, is of a refused type, or the client goes away', async () => {
    const before = storedFiles().sort();
    // An image past its 5 MB: refused while it streams.
    const tooBig = multipartBody(
      { label: 'questions/media' },
      { name: 'big.png', content: Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]) },
    );
    const big = await rawRequest(base, 'POST', '/api/upload-media', {
      headers: headers(author, tooBig.contentType),
      body: tooBig.payload,
    });
    expect([big.status, JSON.parse(big.body).errors]).toEqual([422, { file: ['The file is too large'] }]);
    const html = multipartBody(
      { label: 'questions/media' },
      { name: 'a.mp3', content: Buffer.from('<html>'.repeat(100_000)) },
    );
    const refused = await rawRequest(base, 'POST', '/api/upload-media', {
      headers: headers(author, html.contentType),
      body: html.payload,
    });
    expect(refused.status).toBe(422);

    // A client that sends half a file and goes away.
    const { payload, contentType } = multipartBody(
      { label: 'questions/media' },
      { name: 'a.wav', content: wav(1_000_000) },
    );
    const { hostname, port } = new URL(base);
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: hostname,
        port,
        method: 'POST',
        path: '/api/upload-media',
        headers: { ...headers(author, contentType), 'content-length': String(payload.length) },
      });
      request.on('error', () => resolve());
      request.write(payload.subarray(0, payload.length / 2), () => setTimeout(() => request.destroy(), 200));
      request.on('close', () => resolve());
    });
    await expect
      .poll(async () => (await t.db.selectFrom('media_upload_reservations').select('id').execute()).length, {
        timeout: 5000,
      })
      .toBe(0);
    await expect.poll(() => storedFiles().sort(), { timeout: 5000 }).toEqual(before);
  });
});
