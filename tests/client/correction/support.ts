import { http, HttpResponse } from 'msw';
import type {
  AssignedFilters,
  AssignedStudent,
  CorrectionItem,
  CorrectionQuestion,
  CorrectionView,
  StatusEntry,
} from '../../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { permissionFor } from '../../../src/common/permissions';
import { makeUser, signIn } from '../support/fixtures';
import { servePlatforms } from '../support/resources';
import { recorder, server } from '../support/server';

/** What the demo corrector holds: the exams list, the students list, the answers and marking. */
export const CORRECTOR_PERMISSIONS = [
  ...listPermissions(AREAS.exams),
  ...listPermissions(AREAS.examStudents),
  ...listPermissions(AREAS.studentResponses),
  permissionFor(AREAS.corrections, 'create'),
  permissionFor(AREAS.corrections, 'edit'),
];

export function signInCorrector(permissions = CORRECTOR_PERMISSIONS) {
  signIn(makeUser(permissions));
  servePlatforms();
}

const status = (id: number, key: string, en: string, ar: string): StatusEntry => ({
  id,
  key,
  name_en: en,
  name_ar: ar,
});
export const EXAM_STATUSES = [
  status(1, 'not_started', 'Not started', 'لم يبدأ'),
  status(2, 'in_progress', 'In progress', 'قيد التقدم'),
  status(3, 'submitted', 'Submitted', 'سُلِّم'),
  status(4, 'auto_submitted', 'Submitted automatically', 'سُلِّم تلقائيًا'),
  status(5, 'absent', 'Absent', 'غائب'),
];
export const CORRECTION_STATUSES = [
  status(1, 'not_corrected', 'Not corrected', 'لم يُصحَّح'),
  status(2, 'in_progress', 'In progress', 'قيد التصحيح'),
  status(3, 'corrected', 'Corrected', 'صُحِّح'),
];

const school = { id: 1, name_en: 'Al Noor School', name_ar: 'مدرسة النور' };
const otherSchool = { id: 2, name_en: 'Al Amal School', name_ar: 'مدرسة الأمل' };
const cls = { id: 5, name_en: 'Grade 4 A', name_ar: 'الرابع أ' };

export function makeAssigned(overrides: Partial<AssignedStudent> = {}): AssignedStudent {
  return {
    id: 31,
    student_id: 41,
    student: { school_id: 1, school_class_id: 5 },
    name: 'Layla Haddad',
    code: null,
    start_date_time: '2026-05-01 09:00:00',
    end_date_time: '2026-05-01 11:00:00',
    school,
    school_class: cls,
    exam_status_id: 3,
    exam_status: EXAM_STATUSES[2],
    student_exam_status_id: 1,
    student_status: CORRECTION_STATUSES[0],
    total_mark: 20,
    pass_mark: 10,
    total: null,
    passed: null,
    needs_deciding: false,
    attempt_id: 501,
    ...overrides,
  };
}

export const STUDENTS = [
  makeAssigned(),
  makeAssigned({
    id: 32,
    student_id: 42,
    name: 'Omar Saleh',
    school: otherSchool,
    student: { school_id: 2, school_class_id: 6 },
    school_class: { id: 6, name_en: 'Grade 4 B', name_ar: 'الرابع ب' },
    student_exam_status_id: 3,
    student_status: CORRECTION_STATUSES[2],
    total: 14,
    passed: true,
  }),
];

export function makeFilters(exam: Partial<AssignedFilters['exam']> = {}): AssignedFilters {
  const anonymous = exam.anonymous_marking ?? false;
  return {
    exam: {
      id: 12,
      name_en: 'Reading benchmark',
      name_ar: 'اختبار القراءة',
      double_marking: false,
      anonymous_marking: false,
      is_mock: false,
      correction_status: CORRECTION_STATUSES[1],
      ...exam,
    },
    schools: anonymous
      ? []
      : [
          { ...school, correction_status: CORRECTION_STATUSES[0] },
          { ...otherSchool, correction_status: CORRECTION_STATUSES[2] },
        ],
    school_classes: anonymous
      ? []
      : [
          { ...cls, school_id: 1, correction_status: CORRECTION_STATUSES[0] },
          { id: 6, name_en: 'Grade 4 B', name_ar: 'الرابع ب', school_id: 2, correction_status: CORRECTION_STATUSES[2] },
        ],
    exam_statuses: EXAM_STATUSES,
    correction_statuses: CORRECTION_STATUSES,
  };
}

/** The list and its filters for exam 12; returns the list requests. */
export function serveStudentList(rows = STUDENTS, filters = makeFilters(), total = rows.length) {
  const calls = recorder();
  server.use(
    http.get('*/api/exams/12/assigned/filters', () => HttpResponse.json({ data: filters })),
    http.get('*/api/exams/12/assigned/students', ({ request }) => {
      calls.record(request);
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const lastPage = Math.max(1, Math.ceil(total / 15));
      return HttpResponse.json({
        data: rows,
        meta: {
          current_page: page,
          last_page: lastPage,
          per_page: 15,
          total,
          next_page: page < lastPage ? page + 1 : null,
          previous_page: page > 1 ? page - 1 : null,
          pages: Array.from({ length: lastPage }, (_, i) => i + 1),
        },
      });
    }),
  );
  return calls;
}

export const queryOf = (calls: ReturnType<typeof recorder>) =>
  new URL(calls.requests.at(-1)?.url ?? 'http://x').searchParams;

function item(overrides: Partial<CorrectionItem> = {}): CorrectionItem {
  return {
    part: '',
    kind: 'essay',
    text: null,
    max: 5,
    manual: true,
    auto_score: 0,
    word_count: null,
    recording: null,
    mine: null,
    others: [],
    final: null,
    needs_deciding: false,
    disputed: false,
    ...overrides,
  };
}

function question(id: number, number: number, overrides: Partial<CorrectionQuestion>): CorrectionQuestion {
  return {
    id,
    position: number,
    number,
    skill_id: 1,
    text: `<p>Question text ${id}</p>`,
    content_language: 'ar',
    mark: 5,
    media_type: 'none',
    media: null,
    media_replay_count: 0,
    instruction_audio: null,
    media_url: null,
    instruction_audio_url: null,
    answer_type: 'essay',
    view: { max_words: 200 },
    answer: null,
    correct_answer: null,
    auto_score: 0,
    max: 5,
    items: [],
    ...overrides,
  };
}

export const ESSAY_ID = 101;
export const AUDIO_ID = 102;
export const CHOICE_ID = 103;

export function makeView(overrides: Partial<CorrectionView> = {}): CorrectionView {
  return {
    exam: {
      id: 12,
      name_en: 'Reading benchmark',
      name_ar: 'اختبار القراءة',
      max_mark: 20,
      pass_mark: 10,
      double_marking: false,
      double_marking_threshold: 0.2,
      anonymous_marking: false,
    },
    student: { id: 41, name: 'Layla Haddad', code: null, school: null, school_class: null },
    assignment_id: 31,
    exam_status: EXAM_STATUSES[2],
    student_status: CORRECTION_STATUSES[0],
    localization: null,
    attempt: {
      id: 501,
      number: 1,
      started_at: '2026-05-01T09:00:00.000Z',
      submitted_at: '2026-05-01T09:40:00.000Z',
      auto_submitted: false,
    },
    result: {
      basis: 'final',
      score: 2,
      max: 12,
      mark: 3.33,
      passed: false,
      complete: false,
      marking_total: 2,
      marking_final: 0,
      needs_deciding: false,
    },
    marker: { role: 'single', slot: 1, version: 3, can_save: true },
    questions: [
      question(ESSAY_ID, 1, {
        answer: { text: 'القراءة مفيدة جدا للطلاب' },
        items: [item({ kind: 'essay', word_count: 4 })],
      }),
      question(AUDIO_ID, 2, {
        answer_type: 'audio_response',
        view: { max_duration_seconds: 120 },
        answer: { media: 'answers/41/102.webm', duration_seconds: 75 },
        items: [
          item({
            kind: 'audio_response',
            recording: { url: '/api/exams/12/students/41/recordings/102', duration_seconds: 75 },
          }),
        ],
      }),
      question(CHOICE_ID, 3, {
        answer_type: 'single_choice',
        content_language: 'en',
        mark: 2,
        max: 2,
        auto_score: 2,
        view: {
          options: [
            { id: 'a', text: '<p>Yes</p>' },
            { id: 'b', text: '<p>No</p>' },
          ],
        },
        answer: { option_id: 'a' },
        correct_answer: {
          options: [
            { id: 'a', text: '<p>Yes</p>', correct: true },
            { id: 'b', text: '<p>No</p>', correct: false },
          ],
        },
        items: [item({ kind: 'single_choice', manual: false, auto_score: 2, max: 2, final: 2 })],
      }),
    ],
    ...overrides,
  };
}

/** The correction of `studentId` on exam 12 and the neighbours call; returns the neighbours requests. */
export function serveCorrection(
  view = makeView(),
  neighbours: {
    previous: number | string | null;
    next: number | string | null;
    position: number | null;
    total: number;
  } = {
    previous: 40,
    next: 42,
    position: 2,
    total: 3,
  },
) {
  const calls = recorder();
  server.use(
    http.get('*/api/exams/12/students/:studentId/correction', ({ params }) =>
      HttpResponse.json({ data: { ...view, student: { ...view.student, id: Number(params.studentId) } } }),
    ),
    http.get('*/api/exams/12/assigned/students/:studentId/neighbours', ({ request }) => {
      calls.record(request);
      return HttpResponse.json({ data: neighbours });
    }),
    // Anonymous marking: the same, by code.
    http.get('*/api/exams/12/anonymous/:code/correction', ({ params }) =>
      HttpResponse.json({
        data: { ...view, student: { ...view.student, id: null, name: params.code, code: params.code } },
      }),
    ),
    http.get('*/api/exams/12/anonymous/:code/neighbours', ({ request }) => {
      calls.record(request);
      return HttpResponse.json({ data: neighbours });
    }),
  );
  return calls;
}

export interface SentBody {
  exam_id: number;
  student_id?: number;
  code?: string;
  version: number;
  corrections: {
    question_id: number;
    part: string;
    mark: number | null;
    comment: string | null;
    reason: string | null;
  }[];
}

/** The view after a save: the sent marks are the marker's own, the version one on. */
export function savedView(body: SentBody, base = makeView()): CorrectionView {
  return {
    ...base,
    marker: { ...base.marker, version: body.version + 1 },
    questions: base.questions.map((q) => ({
      ...q,
      items: q.items.map((it) => {
        const sent = body.corrections.find((c) => c.question_id === q.id && c.part === it.part);
        return sent ? { ...it, mine: { mark: sent.mark, comment: sent.comment, reason: sent.reason } } : it;
      }),
    })),
  };
}

/** `POST /api/exams/submit/correction` answering with `respond` (by default, a success); returns the requests. */
export function serveSave(
  respond: (body: SentBody) => Response = (body) =>
    HttpResponse.json({ message: 'Corrections saved successfully', data: savedView(body) }),
) {
  const calls = recorder();
  server.use(
    http.post('*/api/exams/submit/correction', async ({ request }) => {
      calls.record(request);
      return respond((await request.json()) as SentBody);
    }),
  );
  return calls;
}
