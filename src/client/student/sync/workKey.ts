/**
 * The student's work key (issue 39), which seals what their browser keeps of their work: asked of
 * the server (`GET /api/student/work-key`, their own session only) and kept in this tab's session
 * storage, which signing out clears and a closed browser forgets. Never in localStorage, IndexedDB
 * or the service worker's cache.
 */
import { http } from '../../providers/http';

export const WORK_KEY_STORAGE = 'ltm-work-key';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

async function fetchKey(): Promise<string> {
  const { json } = await http<{ data: { key: string } }>('/student/work-key');
  return json.data.key;
}

/** The work key as a non-extractable AES-GCM key; rejects when it can be neither read nor asked for. */
export async function studentWorkKey(ask: () => Promise<string> = fetchKey): Promise<CryptoKey> {
  let raw = window.sessionStorage.getItem(WORK_KEY_STORAGE);
  if (!raw) {
    raw = await ask();
    window.sessionStorage.setItem(WORK_KEY_STORAGE, raw);
  }
  return crypto.subtle.importKey('raw', bytesOf(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** The work key for one store's life: asked once, and again after a failure (offline, then online). */
export function workKeySource(ask?: () => Promise<string>): () => Promise<CryptoKey> {
  let key: Promise<CryptoKey> | null = null;
  return () => {
    key ??= studentWorkKey(ask).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}
