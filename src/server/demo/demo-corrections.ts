import type { Db } from '../db/database';
import { studentNames } from './demo-names';
import type { DemoClient, DemoQuestion } from './demo-api';
import { sitAttempt } from './demo-attempts';
import { wallTime } from './demo-content';
import { tonesClip } from './demo-media';

/** Grade 4 students added for the writing and speaking exam, so the corrector has several to mark. */
const EXTRA_STUDENTS = [
  ['Omar Haddad', 'male'],
  ['Lina Yassin', 'female'],
  ['Sami Rahal', 'male'],
  ['Dina Khoury', 'female'],
  ['Rami Saadeh', 'male'],
] as const;

const ESSAYS = [
  'أحب فصل الربيع لأن الأزهار تتفتح والجو معتدل، فأخرج مع أسرتي إلى الحديقة ونلعب ونقرأ تحت الأشجار.',
  'فصلي المفضل هو الشتاء، ففيه يهطل المطر وأشرب الحليب الدافئ مع أخي ونحكي القصص.',
  'الصيف جميل لأننا نسافر إلى البحر ونسبح كل يوم، وأزور جدتي في القرية.',
  'أفضل الخريف لأن أوراق الشجر تتساقط بألوان جميلة.',
  'الربيع.',
];

const DAY = 86_400_000;

/**
 * A writing and speaking exam of the demo's Grade 4 with submitted attempts waiting for the corrector
 * (an essay and a recorded answer each), one corrected and one in progress. The attempts are stored
 * as delivery stores them and submitted by delivery's own scoring; the marks go through the API as
 * the demo corrector.
 */
export async function seedCorrections(
  db: Db,
  author: DemoClient,
  /** Owns the recorded answer (the administrator: recordings are the students' to upload). */
  admin: DemoClient,
  corrector: DemoClient,
  examId: number,
  timeZone: string,
  /** `blind`: the exam is marked anonymously by two blind markers; its students exist already. */
  options: { blind?: boolean } = {},
): Promise<void> {
  const demoStudent = await db
    .selectFrom('students')
    .innerJoin('users', 'users.id', 'students.user_id')
    .select(['students.school_id', 'students.school_class_id', 'students.grade_id', 'students.level_id', 'students.id'])
    .where('users.email', '=', 'student@example.com')
    .executeTakeFirstOrThrow();
  if (!options.blind)
    for (const [name, gender] of EXTRA_STUDENTS)
      await db
        .insertInto('students')
        .values({
          school_id: demoStudent.school_id,
          school_class_id: demoStudent.school_class_id,
          grade_id: demoStudent.grade_id,
          level_id: demoStudent.level_id,
          ...studentNames(name),
          gender,
          nationality: 'AE',
        })
        .execute();
  const students = await db
    .selectFrom('students')
    .select(['id', 'name'])
    .where('grade_id', '=', demoStudent.grade_id)
    .where('id', '<>', demoStudent.id)
    .orderBy('id')
    .execute();
  await author.post(`/api/exams/${examId}/assign/students`, {
    school_ids: [],
    student_ids: students.map((s) => s.id),
    start_date_time: wallTime(-7, 7, timeZone),
    end_date_time: wallTime(30, 18, timeZone),
    show_answers: false,
    shuffle_choices: false,
    shuffle_questions: false,
    exam_localization_id: null,
  });
  const questions = await author.get<DemoQuestion[]>(`/api/exams/${examId}/questions`);
  const spoken = questions.find((q) => q.answer_type === 'audio_response')!;
  const recording = await admin.storeRecording(
    'recording.wav',
    tonesClip(3),
    `exams/questions/${spoken.id}/audio_responses`,
  );

  // All but the last student have submitted.
  const submitted = students.slice(0, Math.min(students.length - 1, ESSAYS.length));
  for (const [index, student] of submitted.entries()) {
    const assignment = await db
      .selectFrom('student_exams')
      .select('id')
      .where('exam_id', '=', examId)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    const started = new Date(Date.now() - (2 + index) * DAY);
    const path = recording.path ?? `media/${recording.file_name}`;
    await sitAttempt(
      db,
      assignment.id,
      started,
      questions.map((q) => ({ question_id: q.id, answer: answerOf(q, index, path) })),
    );
  }

  const essay = questions.find((q) => q.answer_type === 'essay')!;
  if (options.blind) {
    // Anonymous, blind double marking: the corrector has given the first marks of the first
    // attempt, by its code; a second marker (the administrator, say) marks it blind.
    // Rows come in the order of their random codes: the first that has been submitted (status 3 or 4).
    const rows = (await corrector.get(`/api/exams/${examId}/assigned/students?filter[exam_status_id]=3,4`)) as {
      code: string;
    }[];
    const first = rows[0]!;
    await corrector.post('/api/exams/submit/correction', {
      exam_id: examId,
      code: first.code,
      version: 0,
      corrections: [
        { question_id: essay.id, mark: 7.5, comment: 'فقرة واضحة، وتحتاج إلى روابط أكثر بين الجمل.' },
        { question_id: spoken.id, mark: 3.5 },
      ],
    });
    return;
  }
  // The first is corrected, the second in progress; the others wait.
  const mark = (student: number, corrections: unknown[]) =>
    corrector.post('/api/exams/submit/correction', { exam_id: examId, student_id: student, version: 0, corrections });
  if (submitted[0])
    await mark(submitted[0].id, [
      { question_id: essay.id, mark: 8.5, comment: 'فقرة واضحة ومترابطة، مع أخطاء إملائية قليلة.' },
      { question_id: spoken.id, mark: 4, comment: 'نطق سليم ووصف كامل للصورة.' },
    ]);
  if (submitted[1])
    await mark(submitted[1].id, [{ question_id: essay.id, mark: 6, comment: 'فكرة جيدة، والفقرة قصيرة.' }]);
}

function answerOf(question: DemoQuestion, index: number, recording: string): unknown {
  switch (question.answer_type) {
    case 'essay':
      return { text: ESSAYS[index % ESSAYS.length] };
    case 'audio_response':
      return { media: recording, duration_seconds: 3 };
    case 'true_false':
      return { value: index % 2 === 0 ? !question.answer_key.correct : question.answer_key.correct };
    case 'single_choice': {
      const options = question.answer_key.options ?? [];
      return { option_id: options[index % options.length].id };
    }
    default:
      return null;
  }
}
