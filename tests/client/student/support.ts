import { http, HttpResponse } from 'msw';
import type { AttemptView, StudentExam } from '../../../src/common/contracts/delivery';
import { permissionFor, ROLES } from '../../../src/common/permissions';
import { makeUser, signIn } from '../support/fixtures';
import { server } from '../support/server';

/** A name or text without its Unicode isolates (U+2066 to U+2069), as a reader hears it. */
export const unisolated = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

/** A testing-library name matcher that ignores the isolates around interpolated values. */
export const named = (expected: string) => (name: string) => unisolated(name) === expected;

export function signInStudent() {
  signIn(
    makeUser([permissionFor('student-exams', 'view'), permissionFor('student-exams', 'edit')], {
      roles: [{ name: 'Student', role: ROLES.student }],
    }),
  );
}

export function studentExam(overrides: Partial<StudentExam> = {}): StudentExam {
  return {
    id: 5,
    exam: {
      id: 1,
      name_en: 'Reading benchmark',
      name_ar: 'اختبار القراءة',
      duration_minutes: 45,
      is_mock: false,
      question_count: 2,
      skills: [],
    },
    start_date_time: '2030-01-01 08:00:00',
    end_date_time: '2030-01-01 12:00:00',
    status: 'available',
    time_left_seconds: 2700,
    attempts: 0,
    score: null,
    max_score: null,
    mark: null,
    max_mark: null,
    passed: null,
    marked: false,
    results_released: false,
    extra_seconds: 0,
    ...overrides,
  };
}

const question = (id: number, position: number): AttemptView['questions'][number] => ({
  id,
  position,
  text: `<p>Statement ${id}</p>`,
  content_language: 'en',
  mark: 1,
  media_type: 'none',
  media: null,
  media_alt: '',
  media_replay_count: 0,
  instruction_audio: null,
  media_url: null,
  instruction_audio_url: null,
  answer_type: 'true_false',
  view: {},
});

export function attemptView(overrides: Partial<AttemptView> = {}): AttemptView {
  const now = Date.now();
  return {
    id: 900 + Math.floor(Math.random() * 1_000_000),
    assignment_id: 5,
    number: 1,
    status: 'in_progress',
    started_at: new Date(now).toISOString(),
    deadline_at: new Date(now + 45 * 60_000).toISOString(),
    submitted_at: null,
    auto_submitted: false,
    forced: false,
    extra_seconds: 0,
    server_time: new Date(now).toISOString(),
    exam: {
      id: 1,
      name_en: 'Reading benchmark',
      name_ar: 'اختبار القراءة',
      duration_minutes: 45,
      is_mock: false,
      max_mark: 100,
    },
    questions_per_page: 1,
    questions: [question(101, 1), question(102, 2)],
    answers: {},
    media_plays: {},
    flags: [],
    result: null,
    ...overrides,
  };
}

/**
 * The list and an idempotent start answering with `attempt`; the player's heartbeat answers the
 * attempt as it stands, and the student's display preferences are the defaults.
 */
export function serveExam(attempt: AttemptView, exam = studentExam()) {
  server.use(
    http.get('*/api/student/exams', () => HttpResponse.json({ data: [exam] })),
    http.post('*/api/student/exams/5/start', () => HttpResponse.json({ data: attempt })),
    http.post('*/api/student/exams/5/heartbeat', () =>
      HttpResponse.json({
        data: {
          attempt_id: attempt.id,
          status: attempt.status,
          deadline_at: attempt.deadline_at,
          extra_seconds: attempt.extra_seconds,
          auto_submitted: false,
          forced: false,
          server_time: new Date().toISOString(),
        },
      }),
    ),
    http.get('*/api/student/preferences', () =>
      HttpResponse.json({ data: { text_size: 'normal', high_contrast: false } }),
    ),
    http.put('*/api/student/preferences', async ({ request }) => HttpResponse.json({ data: await request.json() })),
    http.put('*/api/student/exams/5/flags', async ({ request }) =>
      HttpResponse.json({ data: { flags: ((await request.json()) as { flags: number[] }).flags } }),
    ),
  );
}
