/**
 * The student's exam without a connection (issue 11): a reload while offline still opens the exam
 * and finds every answer (they are in IndexedDB; see src/client/student/sync/).
 *
 * - The page itself (a navigation): network first; offline, the last page this browser loaded.
 * - Built files (/assets/, hashed) and /zod-jitless.js: from this cache once fetched.
 * - The student's own reads (who is signed in, their exams, an attempt): network first; offline, the
 *   last answer, with the attempt's `server_time` moved on by the time spent offline so the exam's
 *   clock stays right. What is kept names no one and holds no answer (`atRest`). `POST .../start`
 *   offline answers the kept attempt if it is running (start is idempotent: the server would answer
 *   the same).
 * - Signing in or out empties the kept answers, and a read still on its way then is not kept (a
 *   shared school computer keeps nothing of a student's after sign-out; the page empties this cache
 *   itself too). Media, recordings above all, and answers sent are never kept here.
 *
 * `__BUILD__` is replaced by the build (scripts/compress-assets.ts): a new build is a new worker,
 * which drops the old caches.
 */
const BUILD = '__BUILD__';
const FILES = `ltm-files-${BUILD}`;
const API = 'ltm-student-api';
const FETCHED_AT = 'x-ltm-fetched-at';

const STUDENT_READS = [/^\/api\/user$/, /^\/api\/student\/exams$/, /^\/api\/student\/exams\/\d+\/attempt$/];
const START = /^\/api\/student\/exams\/(\d+)\/start$/;
const SIGN_IN_OR_OUT = /^\/api\/(login|logout)$/;

// Moves on at every sign-in or sign-out: a read that started before is not kept after it.
let session = 0;

// The page is kept from the start: a student who signed in without loading another page can
// still reload offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        await (await caches.open(FILES)).add(new Request('/', { cache: 'reload' }));
      } catch {
        // Offline while installing: the next page load keeps it.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('ltm-files-') && name !== FILES) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page sends the files it loaded before this worker controlled it: they are kept too.
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'keep-files' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const own = urls.filter((url) => isFile(new URL(url, self.location.origin)));
  event.waitUntil(caches.open(FILES).then((cache) => Promise.all(own.map((url) => keepFile(cache, url)))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'GET' && request.mode === 'navigate' && !url.pathname.startsWith('/api/'))
    return event.respondWith(page(request));
  if (request.method === 'GET' && isFile(url)) return event.respondWith(file(request));
  // The page's own reads only: a typed address is never answered from what was kept (issue 39).
  if (request.method === 'GET' && request.mode !== 'navigate' && STUDENT_READS.some((p) => p.test(url.pathname)))
    return event.respondWith(studentRead(request, url.pathname));
  const start = request.method === 'POST' && START.exec(url.pathname);
  if (start) return event.respondWith(startAttempt(request, start[1]));
  if (request.method === 'POST' && SIGN_IN_OR_OUT.test(url.pathname)) {
    session++;
    event.waitUntil(caches.delete(API));
  }
});

function isFile(url) {
  return url.pathname.startsWith('/assets/') || url.pathname === '/zod-jitless.js';
}

async function keepFile(cache, url) {
  if (await cache.match(url)) return;
  try {
    const response = await fetch(url);
    if (response.ok) await cache.put(url, response);
  } catch {
    // Not now: the next load keeps it.
  }
}

async function page(request) {
  const cache = await caches.open(FILES);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html'))
      await cache.put('/', response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match('/');
    if (kept) return kept;
    throw error;
  }
}

async function file(request) {
  const cache = await caches.open(FILES);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * What is kept of a read names no one and holds no answer (issue 39: a school computer closed
 * without signing out): the user without name, e-mail or username; an attempt without its answers,
 * which IndexedDB keeps sealed with the session's key (the player merges them back).
 */
function atRest(key, json) {
  const data = json && json.data;
  if (!data || typeof data !== 'object') return json;
  if (key === '/api/user') return { ...json, data: { ...data, name: '', email: null, username: null } };
  if ('answers' in data) return { ...json, data: { ...data, answers: {} } };
  return json;
}

/** Keeps a JSON answer with the time it was fetched, unless someone signed in or out since `since`. */
async function keepRead(key, response, since) {
  let body;
  try {
    body = JSON.stringify(atRest(key, await response.clone().json()));
  } catch {
    return;
  }
  if (since !== session) return;
  const headers = new Headers(response.headers);
  // The body kept is the decoded, reduced JSON.
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set(FETCHED_AT, String(Date.now()));
  const cache = await caches.open(API);
  await cache.put(key, new Response(body, { status: response.status, headers }));
  // A sign-out while it was being written: it goes too.
  if (since !== session) await cache.delete(key);
}

/** A kept answer, its `server_time` moved on by the time since it was fetched. */
async function keptRead(key) {
  const kept = await (await caches.open(API)).match(key);
  if (!kept) return null;
  const fetchedAt = Number(kept.headers.get(FETCHED_AT)) || Date.now();
  const json = await kept.json();
  if (json && json.data && typeof json.data.server_time === 'string')
    json.data.server_time = new Date(Date.parse(json.data.server_time) + (Date.now() - fetchedAt)).toISOString();
  const headers = new Headers(kept.headers);
  headers.set('x-ltm-offline', '1');
  return { json, response: new Response(JSON.stringify(json), { status: 200, headers }) };
}

async function studentRead(request, path) {
  const since = session;
  try {
    const response = await fetch(request);
    if (response.ok) await keepRead(path, response, since);
    // Signed out (a session that ended without a logout): nothing of that student stays here.
    else if (response.status === 401) await caches.delete(API);
    else if (response.status === 403 || response.status === 404) await forget(path);
    return response;
  } catch (error) {
    const kept = await keptRead(path);
    if (kept) return kept.response;
    throw error;
  }
}

async function startAttempt(request, assignmentId) {
  const key = `/api/student/exams/${assignmentId}/attempt`;
  const since = session;
  try {
    const response = await fetch(request);
    if (response.ok) await keepRead(key, response, since);
    return response;
  } catch (error) {
    const kept = await keptRead(key);
    if (kept && kept.json.data && kept.json.data.status === 'in_progress') return kept.response;
    throw error;
  }
}

async function forget(path) {
  await (await caches.open(API)).delete(path);
}
