/**
 * The student's work key (issue 39), which seals what their browser keeps of their work: asked of
 * the server (`GET /api/student/work-key`, their own session only) and kept in this tab's session
 * storage, which signing out clears and a closed browser forgets. Never in localStorage, IndexedDB
 * or the service worker's cache. Its id (a hash, not the key) marks whose rows are whose.
 */
import { http } from '../../providers/http';

export const WORK_KEY_STORAGE = 'ltm-work-key';

/** The key to seal and open with, and its id. */
export interface WorkKey {
  key: CryptoKey;
  id: string;
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

async function fetchKey(): Promise<string> {
  const { json } = await http<{ data: { key: string } }>('/student/work-key');
  return json.data.key;
}

/** A key's id: the first 8 bytes of its SHA-256, in hex. */
async function idOf(raw: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', raw));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The work key as a non-extractable AES-GCM key; rejects when it can be neither read nor asked for. */
export async function studentWorkKey(ask: () => Promise<string> = fetchKey): Promise<WorkKey> {
  let text = window.sessionStorage.getItem(WORK_KEY_STORAGE);
  if (!text) {
    text = await ask();
    window.sessionStorage.setItem(WORK_KEY_STORAGE, text);
  }
  const raw = bytesOf(text);
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { key, id: await idOf(raw) };
}

/**
 * The id of the work key this tab holds, without asking the server (a sign-out must not wait on
 * it); undefined when the tab has none.
 */
export async function heldWorkKeyId(): Promise<string | undefined> {
  const text = window.sessionStorage.getItem(WORK_KEY_STORAGE);
  if (!text) return undefined;
  try {
    return await idOf(bytesOf(text));
  } catch {
    return undefined;
  }
}

/** The work key for one store's life: asked once, and again after a failure (offline, then online). */
export function workKeySource(ask?: () => Promise<string>): () => Promise<WorkKey> {
  let key: Promise<WorkKey> | null = null;
  return () => {
    key ??= studentWorkKey(ask).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}
