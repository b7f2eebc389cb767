import path from 'node:path';
import type { ThrottlePolicy } from './auth/login-throttle';
import { parseSchoolNetworks } from './auth/school-networks';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './untrusted/index';
import { secretsConfig, type SecretsConfig } from './secrets/keys';
import { ROLES } from '../common/permissions';

import { ConfigError } from './http/trust-proxy';

export { ConfigError };

/** Runtime settings, read once from the environment. Every variable is documented in the README. */
export interface Config {
  port: number;
  host: string;
  /**
   * The address students and staff reach the product at (`PUBLIC_URL`, an http or https origin):
   * what printed login cards say, never the Host a request names. Default: http://localhost:PORT.
   */
  publicUrl: string;
  dataDir: string;
  /** Where `npm run backup` and the scheduled backups write their archives (`BACKUP_DIR`, default `DATA_DIR/backups`). */
  backupDir: string;
  /**
   * Scheduled backups by the job queue (`BACKUP_EVERY_HOURS`, `BACKUP_KEEP`): an archive once the
   * newest is this many hours old, the `keep` newest kept. On by default on the embedded database
   * (every 24 hours, 7 kept); off on PostgreSQL unless set (the reference deployment backs it up
   * with pgBackRest); 0 turns them off.
   */
  scheduledBackups: { everyHours: number; keep: number };
  /**
   * How long personal data is kept (issue 45; src/server/privacy): recordings `RETAIN_RECORDINGS_DAYS`
   * days after their results are released, leavers `ERASE_LEAVERS_AFTER_YEARS` years after they were
   * made inactive; 0 (the default) keeps them. A daily job carries the rules out.
   */
  retention: { recordingsDays: number; leaversYears: number };
  databaseUrl: string | null;
  /**
   * A streaming replica of DATABASE_URL for heavy reads (web reports, item analysis, report data);
   * null: everything reads the primary. A read goes to the replica only when it has replayed what
   * the primary had committed when the read began (db/read-replica.ts).
   */
  databaseReplicaUrl: string | null;
  /** How long a read waits for a lagging replica before it reads the primary instead. */
  replicaMaxWaitMs: number;
  /** Where media, recordings, report PDFs and ZIP bundles are kept (storage/file-store.ts). */
  storage: StorageConfig;
  production: boolean;
  sentryDsn: string | null;
  /** The share of requests Sentry traces, server and console (`SENTRY_TRACES_SAMPLE_RATE`, 0 to 1; the spec's 1). */
  sentryTracesSampleRate: number;
  /** The proxies that may name the client address: none, a hop count, or their addresses and ranges. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** `studentIdleMinutes`: the shorter idle limit of a student's session (shared school computers). */
  session: { idleMinutes: number; studentIdleMinutes?: number; absoluteHours: number; cookieName: string };
  /** Seconds a server process keeps a session it read (0: read it on every request). */
  sessionCacheSeconds: number;
  loginThrottle: ThrottlePolicy;
  demoRequestsPerHour: number;
  /** Report generation requests one user may make in any hour (429 past it). */
  reportRequestsPerHour: number;
  /** Megabytes one user may upload in any 24 hours. */
  mediaDailyQuotaMb: number;
  clientDir: string;
  /** The schools' time zone: exam start and end times are wall-clock times in it. */
  timeZone: string;
  delivery: {
    /** Seconds after an attempt's deadline during which answers are still taken (network delays). */
    graceSeconds: number;
    /** How long one reading of the exam-day monitor answers for the same view (0: never shared). */
    monitorCacheMs: number;
    /** Group commit of answer saves (delivery/save-group.ts): the window, the group's size, statements in flight. */
    saveGroup: { windowMs: number; maxRequests: number; maxFlushes: number };
  };
  /** Server processes on one port (node:cluster); above 1 only on PostgreSQL. */
  webConcurrency: number;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  /** The delivery benchmark's bare baseline route (`BENCH_BASELINE_ROUTE=1`, set by the benchmark only). */
  benchBaselineRoute: boolean;
  /**
   * A clock the end-to-end tests move (`TEST_CLOCK=1`: `POST /api/test/clock`); refused with
   * NODE_ENV=production, absent otherwise.
   */
  testClock: boolean;
  /**
   * The bearer token Prometheus sends for `/metrics` (METRICS_TOKEN, 24 characters or more); null:
   * `/metrics` answers 404 and nothing is measured.
   */
  metricsToken: string | null;
  /**
   * Staff roles whose accounts must use a second factor (TOTP) to sign in (`MFA_REQUIRED_ROLES`):
   * administrators always with NODE_ENV=production; the role keys, e.g. `ltm.admin`.
   */
  mfa: { requiredRoles: string[]; issuer: string };
  /**
   * The key stored secrets are sealed with (`SECRETS_KEY`; `SECRETS_KEY_PREVIOUS` opens what older
   * keys sealed): second factors, single sign-on client secrets, the LTI signing key (src/server/secrets).
   */
  secrets: SecretsConfig;
  /** What reading one uploaded file may cost, on a thread of its own (untrusted/read-pool.ts). */
  readLimits: ReadLimits;
  /** The job queue (pg-boss, in the application's database): deadlines now, reports later. */
  jobs: {
    /** Off in most tests, which run the jobs' functions by hand. */
    enabled: boolean;
    /** How often an idle worker asks the queue for work (at least 0.5). */
    pollSeconds: number;
  };
}

/** The local directory (DATA_DIR) by default; an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** null: AWS itself (the region's endpoint). */
      endpoint: string | null;
      region: string;
      /** null: the AWS SDK's default chain (environment, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      /** Path-style addresses (`endpoint/bucket/key`): MinIO, s3rver, most S3-compatible stores. */
      forcePathStyle: boolean;
      /** A folder inside the bucket that holds everything ('' for its root). */
      prefix: string;
    };

function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { kind: 'local' };
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : endpoint !== null,
    prefix: (env.S3_PREFIX?.trim() ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

function testClock(env: NodeJS.ProcessEnv): boolean {
  const on = env.TEST_CLOCK === '1';
  if (on && env.NODE_ENV === 'production')
    throw new ConfigError("TEST_CLOCK=1 moves the server's time for tests and is refused with NODE_ENV=production.");
  return on;
}

const STAFF_ROLES: Record<string, string> = {
  admin: ROLES.admin,
  author: ROLES.author,
  corrector: ROLES.corrector,
  school: ROLES.school,
};

/**
 * `MFA_REQUIRED_ROLES`: a comma list of staff roles (admin, author, corrector, school) that must
 * sign in with a second factor; `none` for none. With NODE_ENV=production administrators always
 * must; otherwise (the demo, the tests) none unless named.
 */
function mfaRequiredRoles(env: NodeJS.ProcessEnv): string[] {
  const named = (env.MFA_REQUIRED_ROLES ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part && part !== 'none');
  const unknown = named.filter((part) => !STAFF_ROLES[part]);
  if (unknown.length > 0)
    throw new ConfigError(
      `MFA_REQUIRED_ROLES names ${unknown.join(', ')}: it takes admin, author, corrector and school (a comma list), or none.`,
    );
  const roles = new Set(named.map((part) => STAFF_ROLES[part]!));
  if (env.NODE_ENV === 'production') roles.add(ROLES.admin);
  return [...roles];
}

function metricsToken(value: string | undefined): string | null {
  const token = value?.trim();
  if (!token) return null;
  if (token.length < 24)
    throw new ConfigError('METRICS_TOKEN must be at least 24 characters (for example: openssl rand -hex 24).');
  return token;
}

function publicUrl(value: string | undefined, port: number, production: boolean): string {
  const given = value?.trim();
  // In production the cards would send pupils to localhost: the address must be said.
  if (!given && production)
    throw new ConfigError(
      'PUBLIC_URL must be set with NODE_ENV=production (the address login cards print), such as https://assess.example.org.',
    );
  if (!given) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConfigError(
      `PUBLIC_URL must be an http or https address, such as https://assess.example.org (got "${given}").`,
    );
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
    throw new ConfigError(
      `PUBLIC_URL must be an http or https address, such as https://assess.example.org (got "${given}").`,
    );
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** A whole number of at least `min` (unset: `fallback`); anything else stops the start, naming the setting. */
function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(value)}.`);
  return Number(value);
}

/** A sample rate from 0 to 1 (unset: 1, every trace); anything else stops the start. */
function sampleRate(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new ConfigError(`SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1, not ${JSON.stringify(value)}.`);
  return rate;
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: int(env.PORT, 3000),
    publicUrl: publicUrl(env.PUBLIC_URL, int(env.PORT, 3000), env.NODE_ENV === 'production'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    scheduledBackups: {
      everyHours: wholeNumber('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, env.DATABASE_URL?.trim() ? 0 : 24, 0),
      keep: wholeNumber('BACKUP_KEEP', env.BACKUP_KEEP, 7, 1),
    },
    retention: {
      recordingsDays: wholeNumber('RETAIN_RECORDINGS_DAYS', env.RETAIN_RECORDINGS_DAYS, 0, 0),
      leaversYears: wholeNumber('ERASE_LEAVERS_AFTER_YEARS', env.ERASE_LEAVERS_AFTER_YEARS, 0, 0),
    },
    databaseUrl: env.DATABASE_URL?.trim() || null,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL?.trim() || null,
    replicaMaxWaitMs: nonNegativeInt(env.REPLICA_MAX_WAIT_MS, 250),
    storage: storageConfig(env),
    production: env.NODE_ENV === 'production',
    sentryDsn: env.SENTRY_DSN?.trim() || null,
    sentryTracesSampleRate: sampleRate(env.SENTRY_TRACES_SAMPLE_RATE),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    session: {
      idleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
      studentIdleMinutes: int(env.STUDENT_SESSION_IDLE_MINUTES, 30),
      absoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
      cookieName: 'ltm_session',
    },
    sessionCacheSeconds: nonNegativeInt(env.SESSION_CACHE_SECONDS, 30),
    loginThrottle: {
      failuresBeforeDelay: int(env.LOGIN_FAILURES_BEFORE_DELAY, 5),
      firstDelaySeconds: 1,
      perAccount: int(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 25),
      perAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20),
      windowMinutes: int(env.LOGIN_THROTTLE_MINUTES, 15),
      schoolNetworks: parseSchoolNetworks(env.SCHOOL_NETWORKS),
    },
    demoRequestsPerHour: int(env.DEMO_REQUESTS_PER_HOUR, 10),
    reportRequestsPerHour: int(env.REPORT_REQUESTS_PER_HOUR, 30),
    mediaDailyQuotaMb: int(env.MEDIA_DAILY_QUOTA_MB, 200),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    timeZone: env.APP_TIMEZONE?.trim() || 'UTC',
    delivery: {
      graceSeconds: int(env.DELIVERY_GRACE_SECONDS, 60),
      monitorCacheMs: int(env.MONITOR_CACHE_MS, 2000),
      saveGroup: {
        windowMs: nonNegativeInt(env.ANSWER_SAVE_WINDOW_MS, 2),
        maxRequests: int(env.ANSWER_SAVE_GROUP_MAX, 200),
        maxFlushes: int(env.ANSWER_SAVE_FLUSHES, 1),
      },
    },
    webConcurrency: int(env.WEB_CONCURRENCY, 1),
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    benchBaselineRoute: env.BENCH_BASELINE_ROUTE === '1',
    testClock: testClock(env),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    mfa: { requiredRoles: mfaRequiredRoles(env), issuer: env.MFA_ISSUER?.trim() || 'Language Test Manager' },
    secrets: secretsConfig(env),
    readLimits: {
      memoryMb: int(env.IMPORT_READ_MEMORY_MB, DEFAULT_READ_LIMITS.memoryMb),
      seconds: int(env.IMPORT_READ_SECONDS, DEFAULT_READ_LIMITS.seconds),
      threads: int(env.IMPORT_READ_THREADS, DEFAULT_READ_LIMITS.threads),
    },
    jobs: {
      enabled: env.JOBS_ENABLED !== 'false',
      pollSeconds: Math.max(0.5, Number.parseFloat(env.JOBS_POLL_SECONDS ?? '') || 2),
    },
    ...overrides,
  };
}
