import { http, HttpResponse } from 'msw';
import { AREAS } from '../../../src/common/permission-catalog';
import { areaPermission, permissionFor } from '../../../src/common/permissions';
import { listBody, lookupRecord, servePlatforms } from '../support/resources';
import { recorder, server } from '../support/server';
import { makeUser, signIn } from '../support/fixtures';

/** What the demo author holds for exams, localized exams and the bank. */
export const AUTHOR_PERMISSIONS = [
  areaPermission(AREAS.exams, 'view'),
  ...(['view', 'create', 'edit', 'delete'] as const).map((action) => permissionFor(AREAS.exams, action)),
  areaPermission(AREAS.examLocalizations, 'view'),
  ...(['view', 'create', 'edit', 'delete'] as const).map((action) => permissionFor(AREAS.examLocalizations, action)),
  areaPermission(AREAS.questionsBank, 'view'),
  permissionFor(AREAS.questionsBank, 'view'),
];

export function signInAuthor(permissions = AUTHOR_PERMISSIONS) {
  signIn(makeUser(permissions));
  servePlatforms();
}

export const LOOKUPS = {
  grades: [lookupRecord(11, 'Grade 4', 'الصف الرابع')],
  levels: [lookupRecord(21, 'Level A', 'المستوى أ', 2)],
  skills: [lookupRecord(31, 'Reading', 'القراءة'), lookupRecord(32, 'Listening', 'الاستماع')],
  rounds: [lookupRecord(41, 'Round 1', 'الجولة الأولى')],
  durations: [{ ...lookupRecord(51, '45 minutes', '45 دقيقة'), number: 45 }],
  examTypes: [lookupRecord(61, 'Benchmark', 'معياري')],
};

/** `POST /api/exams/form`: the lookups above for any platform; returns the platform ids asked. */
export function serveLookups() {
  const asked: number[] = [];
  server.use(
    http.post('*/api/exams/form', async ({ request }) => {
      asked.push(((await request.json()) as { platform_id: number }).platform_id);
      return HttpResponse.json({ data: LOOKUPS });
    }),
  );
  return asked;
}

export function makeExam(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    name: 'Reading benchmark',
    name_en: 'Reading benchmark',
    name_ar: 'اختبار القراءة',
    platform_id: 1,
    duration_id: 51,
    grade_id: 11,
    level_id: null,
    round_id: 41,
    exam_type_id: 61,
    skill_ids: [31],
    start_date_time: '2026-12-01 09:00:00',
    end_date_time: '2026-12-01 11:00:00',
    min_mark: 0,
    max_mark: 100,
    pass_mark: 50,
    questions_per_page: 0,
    tags: [],
    double_marking: false,
    double_marking_threshold: 20,
    anonymous_marking: false,
    safe_exam_browser: false,
    seb_browser_exam_keys: [],
    is_published: false,
    duration: LOOKUPS.durations[0],
    duration_minutes: 45,
    grade: LOOKUPS.grades[0],
    level: null,
    round: LOOKUPS.rounds[0],
    type: LOOKUPS.examTypes[0],
    platform: { id: 1, name: 'International Reading Assessment', identifier: 'IRA' },
    skills: [LOOKUPS.skills[0]],
    total_mark: 5,
    questions_count: 2,
    started_count: 0,
    ...overrides,
  };
}

/** `GET /api/exams`: answers with `exams` and records each request. */
export function serveExamList(exams = [makeExam()]) {
  const calls = recorder();
  server.use(
    http.get('*/api/exams', ({ request }) => {
      calls.record(request);
      return HttpResponse.json(listBody(exams));
    }),
  );
  return calls;
}

export function examQuestion(id: number, position: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    exam_id: 12,
    position,
    source_question_id: 100 + id,
    platform_id: 1,
    skill_id: 31,
    text: `<p>Question ${id}</p>`,
    content_language: 'en',
    answer_type: 'single_choice',
    answer_key: {
      options: [
        { id: `a${id}`, text: `<p>Yes ${id}</p>`, correct: true },
        { id: `b${id}`, text: `<p>No ${id}</p>`, correct: false },
      ],
    },
    mark: 2,
    mark_option: 'all_or_nothing',
    media_type: 'none',
    media: null,
    media_url: null,
    media_replay_count: 0,
    instruction_audio: null,
    instruction_audio_url: null,
    ...overrides,
  };
}

export const lastQuery = (calls: ReturnType<typeof recorder>) =>
  new URL(calls.requests.at(-1)?.url ?? 'http://x').searchParams;

/**
 * Sets a date-time picker the way its field's hidden input takes a whole value ("2026-12-01 09:00",
 * the shown format); the picker loads lazily, so it waits for the input first.
 */
export async function setWallTime(name: string, shown: string) {
  const { fireEvent, waitFor } = await import('@testing-library/react');
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!found) throw new Error(`no date-time input ${name}`);
    return found;
  });
  fireEvent.change(input, { target: { value: shown } });
}
