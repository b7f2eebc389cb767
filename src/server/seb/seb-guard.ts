import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../http/app-error';
import { isConfigKeyHash } from './seb-json';
import { sebConfigKey, sebLaunchUrl } from './seb-settings';

/** How long a process trusts what it read of an exam's SEB switch (it changes only while the exam is unpublished). */
const CACHE_MS = 30_000;
/** Assignments whose exam each process remembers; past it the memory starts again. */
const MAX_REMEMBERED = 50_000;

/**
 * Refuses a request of a student's exam (a route whose config says `safeExamBrowser`; `:id` is the
 * assignment) when its exam requires Safe Exam Browser and the request lacks the Config Key hash
 * SEB sends for its URL: 403 with the message in the request's language and the link that opens
 * the exam in SEB. The decision comes from the matched route's configuration. Another student's
 * assignment, or none, is left to the route (its 404), so nothing here tells one id from another.
 * Once the attempt is submitted, its result may be read anywhere (GET).
 */
export function installSebGuard(app: FastifyInstance): void {
  /** Assignment → its student's account and exam: never changes once made. */
  const owners = new Map<number, { userId: number | null; examId: number }>();
  /** Exam → its Config Key when it requires SEB (else null), read again after CACHE_MS. */
  const required = new Map<number, { key: string | null; until: number }>();

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
  /** The exam's Config Key when it requires SEB: computed once per read, not once per request. */
  const configKeyOf = async (examId: number) => {
    const now = Date.now();
    const known = required.get(examId);
    if (known && known.until > now) return known.key;
    const row = await app.db
      .selectFrom('exams')
      .select('safe_exam_browser')
      .where('id', '=', examId)
      .executeTakeFirst();
    const key = row?.safe_exam_browser === true ? sebConfigKey(app.config.publicUrl, examId) : null;
    if (required.size >= MAX_REMEMBERED) required.clear();
    required.set(examId, { key, until: now + CACHE_MS });
    return key;
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
    const configKey = await configKeyOf(owner.examId);
    if (configKey === null) return;
    const { publicUrl } = app.config;
    const header = request.headers['x-safeexambrowser-configkeyhash'];
    if (isConfigKeyHash(typeof header === 'string' ? header : undefined, publicUrl + request.url, configKey)) return;
    if (request.method === 'GET' && (await submitted(studentExamId))) return;
    throw new AppError(403, 'delivery.errors.safe_exam_browser', undefined, undefined, undefined, {
      safe_exam_browser: { launch_url: sebLaunchUrl(publicUrl, owner.examId) },
    });
  });
}
