import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../http/app-error';
import { isConfigKeyHash } from './seb-json';
import { sebConfigKey, sebLaunchUrl } from './seb-settings';

/** How long a process trusts what it read of an exam's SEB switch (it changes only while the exam is unpublished). */
const CACHE_MS = 30_000;
/** Assignments whose exam each process remembers; past it the memory starts again. */
const MAX_REMEMBERED = 50_000;

interface SebKeys {
  configKey: string;
  /** The Browser Exam Keys the exam accepts; none: any SEB build with its settings. */
  browserExamKeys: string[];
}

const browserExamKeysOf = (stored: unknown): string[] => {
  const list = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  return Array.isArray(list)
    ? list.filter((key): key is string => typeof key === 'string').map((key) => key.toLowerCase())
    : [];
};

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Whether the request carries the hashes SEB computes for its URL (SHA-256 of the URL followed by
 * the key): the Config Key's always, and a Browser Exam Key's when the exam names any.
 */
function sentBySeb(request: FastifyRequest, url: string, keys: SebKeys): boolean {
  if (!isConfigKeyHash(headerOf(request, 'x-safeexambrowser-configkeyhash'), url, keys.configKey)) return false;
  if (keys.browserExamKeys.length === 0) return true;
  const requestHash = headerOf(request, 'x-safeexambrowser-requesthash');
  return keys.browserExamKeys.some((key) => isConfigKeyHash(requestHash, url, key));
}

/**
 * Refuses a request of a student's exam (a route whose config says `safeExamBrowser`; `:id` is the
 * assignment) when its exam requires Safe Exam Browser and the request lacks the Config Key hash
 * SEB sends for its URL (and, when the exam names Browser Exam Keys, the Request Hash of one): 403
 * with the message in the request's language and the link that opens the exam in SEB. The decision comes from the matched route's configuration. Another student's
 * assignment, or none, is left to the route (its 404), so nothing here tells one id from another.
 * Once the attempt is submitted, its result may be read anywhere (GET).
 */
export function installSebGuard(app: FastifyInstance): void {
  /** Assignment → its student's account and exam: never changes once made. */
  const owners = new Map<number, { userId: number | null; examId: number }>();
  /** Exam → its Config Key and Browser Exam Keys when it requires SEB (else null), read again after CACHE_MS. */
  const required = new Map<number, { keys: SebKeys | null; until: number }>();

  const ownerOf = async (studentExamId: number) => {
    const known = owners.get(studentExamId);
    if (known) return known;
    const row = await app.db
      .selectFrom('student_exams')
      .innerJoin('students', 'students.id', 'student_exams.student_id')
      .select(['students.user_id as userId', 'student_exams.exam_id as examId'])
      .where('student_exams.id', '=', studentExamId)
      .executeTakeFirst();
    if (!row) return null;
    if (owners.size >= MAX_REMEMBERED) owners.clear();
    owners.set(studentExamId, row);
    return row;
  };
  /** The exam's keys when it requires SEB: its Config Key computed once per read, not once per request. */
  const keysOf = async (examId: number): Promise<SebKeys | null> => {
    const now = Date.now();
    const known = required.get(examId);
    if (known && known.until > now) return known.keys;
    const row = await app.db
      .selectFrom('exams')
      .select(['safe_exam_browser', 'seb_browser_exam_keys'])
      .where('id', '=', examId)
      .executeTakeFirst();
    const keys =
      row?.safe_exam_browser === true
        ? {
            configKey: sebConfigKey(app.config.publicUrl, examId),
            browserExamKeys: browserExamKeysOf(row.seb_browser_exam_keys),
          }
        : null;
    if (required.size >= MAX_REMEMBERED) required.clear();
    required.set(examId, { keys, until: now + CACHE_MS });
    return keys;
  };
  /** Whether the assignment's latest attempt is submitted (a practice exam may be sat again). */
  const submitted = async (studentExamId: number) =>
    (
      await app.db
        .selectFrom('exam_attempts')
        .select('status')
        .where('student_exam_id', '=', studentExamId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.status === 'submitted';

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.routeOptions.config.safeExamBrowser) return;
    const studentExamId = Number((request.params as { id?: unknown }).id);
    // A flagged route always has a valid `:id` (its schema checks it); anything else is refused.
    if (!Number.isSafeInteger(studentExamId) || studentExamId <= 0) throw notFound();
    const owner = await ownerOf(studentExamId);
    if (!owner || owner.userId !== request.auth?.user.id) return;
    const keys = await keysOf(owner.examId);
    if (keys === null) return;
    const { publicUrl } = app.config;
    if (sentBySeb(request, publicUrl + request.url, keys)) return;
    if (request.method === 'GET' && (await submitted(studentExamId))) return;
    throw new AppError(403, 'delivery.errors.safe_exam_browser', undefined, undefined, undefined, {
      safe_exam_browser: { launch_url: sebLaunchUrl(publicUrl, owner.examId) },
    });
  });
}
