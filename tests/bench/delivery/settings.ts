import path from 'node:path';

/** The settings of a run of `npm run bench:delivery`, from the environment (delivery-bench.ts lists them). */

export const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1000);
export const ANSWER_SECONDS = Number(process.env.BENCH_ANSWER_SECONDS ?? 120);
export const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 60);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 512);
export const SIGNINS = Math.min(STUDENTS, Number(process.env.BENCH_SIGNINS ?? 200));
/** Students who answer (and whose players beat) during the answering phase; the others sit idle. */
export const ANSWERING = Math.min(STUDENTS, Number(process.env.BENCH_ANSWERING ?? STUDENTS));
export const PROCESSES = Number(process.env.WEB_CONCURRENCY ?? 1);
export const ADMIN_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
export const SATURATE_SECONDS = 15;
export const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
/** The player's heartbeat period (src/client/student/player/useLiveAttempt.ts) and the monitor's refresh. */
export const HEARTBEAT_MS = 8000;
export const MONITOR_EVERY_MS = 5000;
/** The session cookie's name. */
export const COOKIE = 'ltm_session';
/** The server's group commit of saves, as this run sets it (README: ANSWER_SAVE_*); "off" is one statement per save. */
export const SAVE_GROUP =
  process.env.ANSWER_SAVE_GROUP_MAX === '1'
    ? `off (one save a statement, ${process.env.ANSWER_SAVE_FLUSHES ?? 1} in flight)`
    : `window ${process.env.ANSWER_SAVE_WINDOW_MS ?? 2} ms, at most ${process.env.ANSWER_SAVE_GROUP_MAX ?? 200} saves, ${process.env.ANSWER_SAVE_FLUSHES ?? 1} in flight`;
