import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AnswerStore, LocalAnswer } from './answerQueue';
import type { LocalRecording, RecordingStore } from './recordingQueue';
import { sealedAnswerStore, sealedRecordingStore } from './sealedStore';
import { workKeySource } from './workKey';

interface StudentDb extends DBSchema {
  answers: { key: [number, number]; value: LocalAnswer; indexes: { by_attempt: number } };
  recordings: { key: [number, number]; value: LocalRecording; indexes: { by_attempt: number } };
}

export const STUDENT_DB_NAME = 'ltm-student';

let opened: Promise<IDBPDatabase<StudentDb>> | null = null;
let openedName: string | null = null;

/** The student's database: answers (version 1) and recordings waiting for their upload (version 2). */
function studentDb(name: string): Promise<IDBPDatabase<StudentDb>> {
  if (opened && openedName === name) return opened;
  openedName = name;
  opened = openDB<StudentDb>(name, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        const answers = database.createObjectStore('answers', { keyPath: ['attempt_id', 'question_id'] });
        answers.createIndex('by_attempt', 'attempt_id');
      }
      if (oldVersion < 2) {
        const recordings = database.createObjectStore('recordings', { keyPath: ['attempt_id', 'question_id'] });
        recordings.createIndex('by_attempt', 'attempt_id');
      }
    },
    // Another tab brings a newer version: let it upgrade, and open again at the next use.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
  return opened;
}

/** Deletes every row of one attempt from a store. */
async function removeAttempt(name: string, store: 'answers' | 'recordings', attemptId: number) {
  const tx = (await studentDb(name)).transaction(store, 'readwrite');
  for (const key of await tx.store.index('by_attempt').getAllKeys(attemptId)) await tx.store.delete(key);
  await tx.done;
}

/** The answers kept on this computer, in IndexedDB, by attempt and question. */
export function idbAnswerStore(name = STUDENT_DB_NAME): AnswerStore {
  return {
    list: async (attemptId) => (await studentDb(name)).getAllFromIndex('answers', 'by_attempt', attemptId),
    put: async (answer) => {
      await (await studentDb(name)).put('answers', answer);
    },
    removeAttempt: (attemptId) => removeAttempt(name, 'answers', attemptId),
  };
}

/** Recordings kept on this computer until their upload succeeds. */
export function idbRecordingStore(name = STUDENT_DB_NAME): RecordingStore {
  return {
    list: async (attemptId) => (await studentDb(name)).getAllFromIndex('recordings', 'by_attempt', attemptId),
    put: async (recording) => {
      await (await studentDb(name)).put('recordings', recording);
    },
    remove: async (attemptId, questionId) => {
      await (await studentDb(name)).delete('recordings', [attemptId, questionId]);
    },
    removeAttempt: (attemptId) => removeAttempt(name, 'recordings', attemptId),
  };
}

/**
 * Whether a kept row is the signing-out student's: sealed with their key (`ownKey`, its id), or kept
 * before sealing; any row when their key is not known here (a tab that never had it).
 */
const isOwn = (row: object, ownKey: string | undefined) => {
  const keyId = (row as { key_id?: string }).key_id;
  return ownKey === undefined || keyId === undefined || keyId === ownKey;
};

/**
 * This computer's copy of a student's work as a whole: how much the server has not acknowledged
 * (answers above their acknowledged seq, recordings waiting for their upload), and all of it
 * forgotten (signing out on a shared computer). Another student's unsent work, sealed with their
 * key, is neither counted nor forgotten by someone else's sign-out: it waits for theirs.
 */
export function idbStudentWork(name = STUDENT_DB_NAME) {
  return {
    async unsent(ownKey?: string): Promise<number> {
      const database = await studentDb(name);
      const answers = await database.getAll('answers');
      const recordings = await database.getAll('recordings');
      return (
        answers.filter((a) => a.seq > a.synced_seq && isOwn(a, ownKey)).length +
        recordings.filter((r) => isOwn(r, ownKey)).length
      );
    },
    /** Forgets the answers the server acknowledged; what it has not stays, to be sent at the next sign-in. */
    async forgetAcknowledged(): Promise<void> {
      const tx = (await studentDb(name)).transaction('answers', 'readwrite');
      for (const answer of await tx.store.getAll())
        if (answer.seq <= answer.synced_seq) await tx.store.delete([answer.attempt_id, answer.question_id]);
      await tx.done;
    },
    /** Forgets what the server acknowledged and everything of the student whose key is `ownKey`. */
    async forgetAll(ownKey?: string): Promise<void> {
      const tx = (await studentDb(name)).transaction(['answers', 'recordings'], 'readwrite');
      const answers = tx.objectStore('answers');
      const recordings = tx.objectStore('recordings');
      for (const answer of await answers.getAll())
        if (answer.seq <= answer.synced_seq || isOwn(answer, ownKey))
          await answers.delete([answer.attempt_id, answer.question_id]);
      for (const recording of await recordings.getAll())
        if (isOwn(recording, ownKey)) await recordings.delete([recording.attempt_id, recording.question_id]);
      await tx.done;
    },
  };
}

/** For browsers without IndexedDB (some private modes): answers live as long as the page. */
export function memoryAnswerStore(): AnswerStore {
  const rows = new Map<string, LocalAnswer>();
  return {
    list: async (attemptId) => [...rows.values()].filter((row) => row.attempt_id === attemptId),
    put: async (answer) => {
      rows.set(`${answer.attempt_id}:${answer.question_id}`, { ...answer });
    },
    removeAttempt: async (attemptId) => {
      for (const [key, row] of rows) if (row.attempt_id === attemptId) rows.delete(key);
    },
  };
}

export function memoryRecordingStore(): RecordingStore {
  const rows = new Map<string, LocalRecording>();
  return {
    list: async (attemptId) => [...rows.values()].filter((row) => row.attempt_id === attemptId),
    put: async (recording) => {
      rows.set(`${recording.attempt_id}:${recording.question_id}`, recording);
    },
    remove: async (attemptId, questionId) => {
      rows.delete(`${attemptId}:${questionId}`);
    },
    removeAttempt: async (attemptId) => {
      for (const [key, row] of rows) if (row.attempt_id === attemptId) rows.delete(key);
    },
  };
}

/** The student's answers on this computer: in IndexedDB, sealed with their work key (sealedStore.ts). */
export function browserAnswerStore(): AnswerStore {
  return typeof indexedDB === 'undefined' ? memoryAnswerStore() : sealedAnswerStore(idbAnswerStore(), workKeySource());
}

export function browserRecordingStore(): RecordingStore {
  return typeof indexedDB === 'undefined'
    ? memoryRecordingStore()
    : sealedRecordingStore(idbRecordingStore(), workKeySource());
}
