import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredUser, storeUser, USER_STORAGE_KEY } from '../../../src/client/auth';
import { BROWSER_SESSION_COOKIE, forgetLeftovers } from '../../../src/client/browserSession';
import { permissionFor } from '../../../src/common/permissions';
import { AnswerQueue } from '../../../src/client/student/sync/answerQueue';
import {
  browserAnswerStore,
  browserRecordingStore,
  idbAnswerStore,
  idbRecordingStore,
  idbStudentWork,
} from '../../../src/client/student/sync/idbStore';
import { forgetStudentWork, unsentWork } from '../../../src/client/student/sync/localWork';
import { sealedAnswerStore, sealedRecordingStore } from '../../../src/client/student/sync/sealedStore';
import { studentWorkKey, WORK_KEY_STORAGE, workKeySource } from '../../../src/client/student/sync/workKey';
import { TEST_WORK_KEY } from '../support/server';

/**
 * Issue 39: a pupil who closed the browser left their essay in clear in IndexedDB. What the browser
 * keeps of a student's work is sealed with their work key: the bytes on disk hold none of it, the
 * student's own session opens it again, and another key opens nothing.
 */
const ESSAY = 'My summer holiday was by the sea, and we swam every day. رحلتي إلى البحر';
const readable = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (v instanceof ArrayBuffer ? new TextDecoder().decode(v) : v));

afterEach(() => window.sessionStorage.clear());

describe("the student's work on this computer", () => {
  it('keeps answers sealed: the stored rows hold no text of the answer, the store reads them back', async () => {
    const store = browserAnswerStore();
    await store.put({ attempt_id: 71, question_id: 3, answer: { text: ESSAY }, seq: 2, synced_seq: 1 });
    const raw = await idbAnswerStore().list(71);
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatchObject({ attempt_id: 71, question_id: 3, seq: 2, synced_seq: 1 });
    expect(readable(raw[0])).not.toContain('summer');
    expect(readable(raw[0])).not.toContain('البحر');
    expect(await store.list(71)).toEqual([
      { attempt_id: 71, question_id: 3, answer: { text: ESSAY }, seq: 2, synced_seq: 1 },
    ]);
    // The key lives in this tab's session storage only, as the server gave it.
    expect(window.sessionStorage.getItem(WORK_KEY_STORAGE)).toBe(TEST_WORK_KEY);
    expect(Object.keys(window.localStorage)).not.toContain(WORK_KEY_STORAGE);
  });

  it('opens nothing with another key, and leaves those rows for their own student', async () => {
    await browserAnswerStore().put({ attempt_id: 72, question_id: 1, answer: 'secret', seq: 1, synced_seq: 0 });
    const otherKey = btoa(String.fromCharCode(...Array.from({ length: 32 }, () => 7)));
    window.sessionStorage.clear();
    const stranger = sealedAnswerStore(
      idbAnswerStore(),
      workKeySource(async () => otherKey),
    );
    expect(await stranger.list(72)).toEqual([]);
    expect(await idbAnswerStore().list(72)).toHaveLength(1);
    window.sessionStorage.clear();
    expect((await browserAnswerStore().list(72))[0].answer).toBe('secret');
  });

  it('keeps recordings sealed, and plays them back with their type', async () => {
    const sound = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);
    await browserRecordingStore().put({
      attempt_id: 73,
      question_id: 9,
      label: 'exams/questions/9/audio_responses',
      blob: new Blob([sound], { type: 'audio/webm' }),
      duration_seconds: 4,
    });
    const raw = await idbRecordingStore().list(73);
    const kept = raw[0] as unknown as { sealed: { data: ArrayBuffer }; blob: unknown };
    expect(kept.sealed.data.byteLength).toBe(sound.length + 16);
    expect(readable(kept)).not.toContain('RIFF');
    const [back] = await browserRecordingStore().list(73);
    expect(back.blob.type).toBe('audio/webm');
    expect(new Uint8Array(await back.blob.arrayBuffer())).toEqual(sound);
  });

  it('reads a row kept before sealing as it is, and binds each sealed value to its attempt and question', async () => {
    await idbAnswerStore().put({
      attempt_id: 76,
      question_id: 1,
      answer: 'kept before sealing',
      seq: 3,
      synced_seq: 1,
    });
    expect((await browserAnswerStore().list(76))[0].answer).toBe('kept before sealing');
    await browserAnswerStore().put({ attempt_id: 76, question_id: 2, answer: 'mine', seq: 1, synced_seq: 0 });
    const [, second] = await idbAnswerStore().list(76);
    // The sealed value moved to another question's row does not open.
    await idbAnswerStore().put({ ...second, question_id: 3 });
    expect((await browserAnswerStore().list(76)).map((a) => a.question_id).sort()).toEqual([1, 2]);
  });

  it('writes nothing over what it could not read: an unsent answer stays for the next page', async () => {
    await browserAnswerStore().put({ attempt_id: 79, question_id: 1, answer: 'unsent', seq: 5, synced_seq: 2 });
    window.sessionStorage.clear();
    const queue = new AnswerQueue({
      attemptId: 79,
      store: sealedAnswerStore(
        idbAnswerStore(),
        workKeySource(() => Promise.reject(new Error('503'))),
      ),
      send: async () => [],
    });
    const shown = await queue.load({ 1: { answer: 'older', seq: 2 } });
    expect(shown.get(1)).toBe('older');
    queue.dispose();
    expect((await idbAnswerStore().list(79))[0]).toMatchObject({ seq: 5, synced_seq: 2 });
    expect((await browserAnswerStore().list(79))[0].answer).toBe('unsent');
  });

  it("counts and forgets at sign-out only the signing-out student's work: another's unsent work waits for them", async () => {
    await idbStudentWork().forgetAll();
    const otherKey = btoa(String.fromCharCode(...Array.from({ length: 32 }, () => 9)));
    // A pupil who closed the browser offline left two answers, one of them unsent, and a recording.
    const theirs = sealedAnswerStore(
      idbAnswerStore(),
      workKeySource(async () => otherKey),
    );
    window.sessionStorage.clear();
    await theirs.put({ attempt_id: 80, question_id: 1, answer: 'their unsent', seq: 2, synced_seq: 1 });
    await theirs.put({ attempt_id: 80, question_id: 2, answer: 'their sent', seq: 1, synced_seq: 1 });
    window.sessionStorage.clear();
    await sealedRecordingStore(
      idbRecordingStore(),
      workKeySource(async () => otherKey),
    ).put({ attempt_id: 80, question_id: 3, label: 'x', blob: new Blob([new Uint8Array([1])]), duration_seconds: 1 });
    // The next pupil signs in here (their own key), answers one question unsent, one sent.
    window.sessionStorage.clear();
    await browserAnswerStore().put({ attempt_id: 81, question_id: 1, answer: 'mine unsent', seq: 1, synced_seq: 0 });
    await browserAnswerStore().put({ attempt_id: 81, question_id: 2, answer: 'mine sent', seq: 1, synced_seq: 1 });
    expect(await unsentWork(0)).toBe(1);
    await forgetStudentWork({ unsent: true });
    expect(await idbAnswerStore().list(81)).toEqual([]);
    expect((await idbAnswerStore().list(80)).map((row) => row.question_id)).toEqual([1]);
    expect(await idbRecordingStore().list(80)).toHaveLength(1);
    // Their next sign-in opens it again.
    window.sessionStorage.clear();
    expect((await theirs.list(80)).map((row) => row.answer)).toEqual(['their unsent']);
    // A tab that holds no key counts and forgets everything, as before sealing.
    window.sessionStorage.clear();
    expect(await unsentWork(0)).toBe(2);
    await forgetStudentWork({ unsent: true });
    expect(await idbStudentWork().unsent()).toBe(0);
  });

  it('refuses to write anything when no key can be had (offline in a new tab): nothing in clear', async () => {
    const store = sealedAnswerStore(
      idbAnswerStore(),
      workKeySource(() => Promise.reject(new Error('offline'))),
    );
    await expect(store.put({ attempt_id: 74, question_id: 1, answer: 'x', seq: 1, synced_seq: 0 })).rejects.toThrow();
    expect(await idbAnswerStore().list(74)).toEqual([]);
    await expect(studentWorkKey(() => Promise.reject(new Error('offline')))).rejects.toThrow();
  });
});

describe('the first page after the browser was closed', () => {
  const student = {
    id: 9,
    name: 'Pupil Name',
    email: null,
    username: 'p-9',
    roles: [],
    permissions: [permissionFor('student-exams', 'view'), permissionFor('student-exams', 'edit')].map((permission) => ({
      permission,
    })),
  };
  const clearCookie = () => {
    document.cookie = `${BROWSER_SESSION_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  };
  afterEach(() => {
    clearCookie();
    window.localStorage.clear();
  });

  it("keeps a student's name and username for the tab's session only, and staff's for the browser", () => {
    storeUser(student);
    const kept = window.localStorage.getItem(USER_STORAGE_KEY)!;
    expect(kept).not.toContain('Pupil Name');
    expect(kept).not.toContain('p-9');
    expect(JSON.parse(kept)).toMatchObject({ id: 9, name: '', username: null, permissions: student.permissions });
    expect(readStoredUser()).toEqual(student);
    // The browser closed: its session's storage went with it.
    window.sessionStorage.clear();
    expect(readStoredUser()).toMatchObject({ id: 9, name: '' });
    // Another account signed in in another tab: this tab's whole copy is not taken for it.
    storeUser(student);
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...student, id: 10 }));
    expect(readStoredUser()?.id).toBe(10);
    // A pupil's account with an e-mail (as the demo's): not kept either.
    storeUser({ ...student, email: 'pupil@example.com' });
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toContain('pupil@');

    const staff = {
      ...student,
      email: 'staff@example.com',
      username: null,
      name: 'Staff Name',
      permissions: [{ permission: permissionFor('exams', 'create') }],
    };
    storeUser(staff);
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual(staff);
  });

  it("forgets a student's stored sign-in and flags, once per browser session, and keeps staff's", async () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(student));
    window.localStorage.setItem('student-flags:5', '[1]');
    await browserAnswerStore().put({ attempt_id: 75, question_id: 1, answer: 'acknowledged', seq: 1, synced_seq: 1 });
    await browserAnswerStore().put({ attempt_id: 75, question_id: 2, answer: 'not yet sent', seq: 2, synced_seq: 1 });
    forgetLeftovers();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    // What the server holds goes; what it does not stays, sealed, for the student's next sign-in.
    await waitFor(async () => expect((await idbAnswerStore().list(75)).map((a) => a.question_id)).toEqual([2]));
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('student-flags:'))).toEqual([]);

    // A reload, or another tab, of the same browser session keeps the sign-in.
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(student));
    forgetLeftovers();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();

    clearCookie();
    const staff = { ...student, permissions: [{ permission: permissionFor('exams', 'create') }] };
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(staff));
    forgetLeftovers();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });
});
