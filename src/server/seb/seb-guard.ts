import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { isConfigKeyHash } from './seb-json';
import { sebConfigKey, sebLaunchUrl } from './seb-settings';

/** How long a process trusts what it read of an exam's SEB setting (an exam being sat rarely changes it). */
const CACHE_MS = 30_000;

/**
 * Refuses a request of a student's exam (a route whose config says `safeExamBrowser`; `:id` is the
 * assignment) when its exam requires Safe Exam Browser and the request lacks the Config Key hash SEB sends for its URL:
 * 403 with the message in the request's language and the link that opens the exam in SEB. The
 * decision comes from the matched route's configuration, the exam's setting from the database.
 */
export function installSebGuard(app: FastifyInstance): void {
  /** By assignment (the student's exam, `:id` of these routes): its exam's id when that exam requires SEB, else null. */
  const known = new Map<number, { examId: number | null; until: number }>();
  const sebExamOf = async (studentExamId: number): Promise<number | null> => {
    const now = Date.now();
    const cached = known.get(studentExamId);
    if (cached && cached.until > now) return cached.examId;
    const row = await app.db
      .selectFrom('student_exams')
      .innerJoin('exams', 'exams.id', 'student_exams.exam_id')
      .select(['exams.id', 'exams.safe_exam_browser'])
      .where('student_exams.id', '=', studentExamId)
      .executeTakeFirst();
    const examId = row?.safe_exam_browser ? row.id : null;
    if (known.size > 50_000) known.clear();
    known.set(studentExamId, { examId, until: now + CACHE_MS });
    return examId;
  };
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.routeOptions.config.safeExamBrowser) return;
    const studentExamId = Number((request.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(studentExamId)) return;
    const examId = await sebExamOf(studentExamId);
    if (examId === null) return;
    const { publicUrl } = app.config;
    const header = request.headers['x-safeexambrowser-configkeyhash'];
    if (
      isConfigKeyHash(
        typeof header === 'string' ? header : undefined,
        publicUrl + request.url,
        sebConfigKey(publicUrl, examId),
      )
    )
      return;
    throw new AppError(403, 'delivery.errors.safe_exam_browser', undefined, undefined, undefined, {
      safe_exam_browser: { launch_url: sebLaunchUrl(publicUrl, examId) },
    });
  });
}
