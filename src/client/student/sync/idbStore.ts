import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AnswerStore, LocalAnswer } from './answerQueue';
import type { LocalRecording, RecordingStore } from './recordingQueue';

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

/** The answers kept on this computer, in IndexedDB, by attempt and question. */
export function idbAnswerStore(name = STUDENT_DB_NAME): AnswerStore {
  return {
    list: async (attemptId) => (await studentDb(name)).getAllFromIndex('answers', 'by_attempt', attemptId),
    put: async (answer) => {
      await (await studentDb(name)).put('answers', answer);
    },
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
  };
}

export function browserAnswerStore(): AnswerStore {
  return typeof indexedDB === 'undefined' ? memoryAnswerStore() : idbAnswerStore();
}

export function browserRecordingStore(): RecordingStore {
  return typeof indexedDB === 'undefined' ? memoryRecordingStore() : idbRecordingStore();
}
