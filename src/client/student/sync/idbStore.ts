import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AnswerStore, LocalAnswer } from './answerQueue';

interface StudentDb extends DBSchema {
  answers: { key: [number, number]; value: LocalAnswer; indexes: { by_attempt: number } };
}

export const STUDENT_DB_NAME = 'ltm-student';

/** The answers kept on this computer, in IndexedDB, by attempt and question. */
export function idbAnswerStore(name = STUDENT_DB_NAME): AnswerStore {
  let opened: Promise<IDBPDatabase<StudentDb>> | null = null;
  const db = () =>
    (opened ??= openDB<StudentDb>(name, 1, {
      upgrade(database) {
        const store = database.createObjectStore('answers', { keyPath: ['attempt_id', 'question_id'] });
        store.createIndex('by_attempt', 'attempt_id');
      },
    }));
  return {
    list: async (attemptId) => (await db()).getAllFromIndex('answers', 'by_attempt', attemptId),
    put: async (answer) => {
      await (await db()).put('answers', answer);
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

export function browserAnswerStore(): AnswerStore {
  return typeof indexedDB === 'undefined' ? memoryAnswerStore() : idbAnswerStore();
}
