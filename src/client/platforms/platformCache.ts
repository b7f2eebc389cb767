import type { PlatformIdentifier } from '../../../schemas/vocabulary';
import { sessionStore } from '../safeStorage';

/** A learning platform as the selector needs it. */
export interface Platform {
  id: number;
  name: string;
  name_en?: string;
  name_ar?: string;
  identifier: PlatformIdentifier;
}

/*
 * SPEC section 4: the platform list and the selection are cached per language in session
 * storage, so moving between settings screens does not refetch them, and logout (which
 * clears session storage) forgets them.
 */
const listKey = (language: string) => `platforms.${language}`;
const selectionKey = (language: string) => `platforms.${language}.selected`;

function read<T>(key: string): T | null {
  try {
    const raw = sessionStore().getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStore().setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be full or disabled: the selector still works for this page.
  }
}

export function readCachedPlatforms(language: string): Platform[] | null {
  const platforms = read<Platform[]>(listKey(language));
  return Array.isArray(platforms) ? platforms : null;
}

export function cachePlatforms(language: string, platforms: readonly Platform[]): void {
  write(
    listKey(language),
    platforms.map(({ id, name, name_en, name_ar, identifier }) => ({ id, name, name_en, name_ar, identifier })),
  );
}

export function readSelectedPlatformId(language: string): number | null {
  const id = read<number>(selectionKey(language));
  return typeof id === 'number' ? id : null;
}

export function storeSelectedPlatformId(language: string, id: number): void {
  write(selectionKey(language), id);
}

/**
 * After platforms change (added, renamed, deleted) every language's cached list is stale.
 * The selection stays: `pickPlatform` falls back to the first one if it was deleted.
 */
export function clearPlatformCache(): void {
  const storage = sessionStore();
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  for (const key of keys) if (/^platforms\.[\w-]+$/.test(key)) storage.removeItem(key);
}

/** The previously selected platform when it still exists, else the first one. */
export function pickPlatform(platforms: readonly Platform[], storedId: number | null): Platform | null {
  return platforms.find((platform) => platform.id === storedId) ?? platforms[0] ?? null;
}
