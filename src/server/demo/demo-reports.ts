import type { Db } from '../db/database';
import { studentNames } from './demo-names';
import { beginMigration, runMigration } from '../reports';
import { refreshWebReports } from '../web-reports';
import type { DemoClient, DemoQuestion } from './demo-api';
import { sitAttempt } from './demo-attempts';
import { runCalibration } from '../scales';
import { READING_ANCHORS } from './demo-anchors-ar';
import { demoQuestionBody, seedExam, wallTime } from './demo-content';
import type { PlatformLookups } from './demo-lookups';
import { tonesClip } from './demo-media';

/** The Grade 5 stage of the IRA platform (stages are Grades 3 to 6). */
const GRADE_5 = 2;
const DAY = 86_400_000;

/** Students added to the demo's second school for the reports, with a level of attainment each (0 to 1). */
const CLASS_A = [
  ['Huda Barakat', 'female', 0.92],
  ['Adam Younis', 'male', 0.74],
  ['سارة المنصوري', 'female', 0.58],
  ['Bilal Awad', 'male', 0.41],
  ['جنى الحسن', 'female', 0.86],
  ['Karim Daher', 'male', 0.33],
] as const;
const CLASS_C = [
  ['Yara Haddad', 'female', 0.67],
  ['عمر الشامي', 'male', 0.95],
  ['Maya Nassar', 'female', 0.52],
  ['Hadi Kanaan', 'male', 0.28],
  ['Lujain Tahan', 'female', 0.79],
  ['Nabil Farah', 'male', 0.61],
  ['ريم العلي', 'female', 0.45],
  ['Sami Aziz', 'male', 0.88],
] as const;

/** A Grade 5 class at the third school, so the web reports can compare two schools. */
const CLASS_E = [
  ['Rami Saleh', 'male', 0.55],
  ['لينا الخطيب', 'female', 0.83],
  ['Tariq Mansour', 'male', 0.36],
  ['Noor Hamdan', 'female', 0.71],
  ['Zaid Qasem', 'male', 0.49],
  ['هالة الزين', 'female', 0.9],
  ['Fadi Sabbagh', 'male', 0.25],
  ['Dana Khoury', 'female', 0.64],
] as const;

/** The questions of the reading benchmark (indices in the Arabic bank): every skill, scored or marked. */
const QUESTIONS = [0, 1, 2, 3, 4, 8];

/** A stable value from 0 to 1 for a student and a question, so the demo is the same on every machine. */
const noise = (a: number, b: number) => (((a * 7919 + b * 104729) % 1000) + 0.5) / 1000;

function answerOf(question: DemoQuestion, right: boolean, recording: string): unknown {
  switch (question.answer_type) {
    case 'single_choice': {
      const options = question.answer_key.options ?? [];
      return { option_id: options.find((o) => o.correct === right)!.id };
    }
    case 'multiple_choice': {
      const options = question.answer_key.options ?? [];
      return { option_ids: options.filter((o) => o.correct === right || (!right && o.correct)).map((o) => o.id) };
    }
    case 'true_false':
      return { value: right ? question.answer_key.correct : !question.answer_key.correct };
    case 'essay':
      return {
        text: right
          ? 'أحب القراءة كثيرًا لأنها تفتح لي أبوابًا جديدة، فأتعرف على بلدان بعيدة وأتعلم كلمات جميلة كل يوم.'
          : 'أحب القراءة.',
      };
    case 'audio_response':
      return { media: recording, duration_seconds: 3 };
    default:
      return null;
  }
}

/**
 * Corrected results for the reports and the web reports: a Grade 5 reading benchmark in two rounds of
 * the academic year 2026-2027 at the demo's second school (two classes, fourteen students with a
 * spread of attainment) and its third (one class of eight), every attempt submitted as delivery
 * stores it and its essay and spoken answer marked through the API by the demo corrector. Both
 * schools' reports are migrated and the web report figures refreshed, so the dashboard and the item
 * analysis show at once. The demo school staff account is linked to the second school, so it sees
 * its reports and no other school's.
 */
export async function seedReportResults(
  db: Db,
  author: DemoClient,
  admin: DemoClient,
  corrector: DemoClient,
  ira: PlatformLookups,
  bank: number[],
  timeZone: string,
): Promise<void> {
  const school = await db.selectFrom('schools').select('id').orderBy('id').offset(1).limit(1).executeTakeFirstOrThrow();
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'school@example.com')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_schools').values({ user_id: staff.id, school_id: school.id }).execute();
  const gradeId = ira.stages[GRADE_5];
  const classA = await db
    .selectFrom('school_classes')
    .select('id')
    .where('school_id', '=', school.id)
    .where('grade_id', '=', gradeId)
    .executeTakeFirstOrThrow();
  const classC = await db
    .insertInto('school_classes')
    .values({ name: 'Class C', name_en: 'Class C', name_ar: 'الشعبة ج', school_id: school.id, grade_id: gradeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const third = await db.selectFrom('schools').select('id').orderBy('id').offset(2).limit(1).executeTakeFirstOrThrow();
  const classE = await db
    .insertInto('school_classes')
    .values({ name: 'Class E', name_en: 'Class E', name_ar: 'الشعبة هـ', school_id: third.id, grade_id: gradeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const level = await db.selectFrom('students').select('level_id').where('grade_id', '=', gradeId).executeTakeFirst();
  const ability = new Map<number, number>();
  for (const [schoolId, classId, names] of [
    [school.id, classA.id, CLASS_A],
    [school.id, classC.id, CLASS_C],
    [third.id, classE.id, CLASS_E],
  ] as const)
    for (const [name, gender, skill] of names) {
      const { id } = await db
        .insertInto('students')
        .values({
          school_id: schoolId,
          school_class_id: classId,
          grade_id: gradeId,
          level_id: level?.level_id ?? null,
          ...studentNames(name),
          gender,
          nationality: ['AE', 'JO', 'EG', 'SA'][name.length % 4],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ability.set(id, skill);
    }
  const year = await db
    .selectFrom('academic_years')
    .select('id')
    .where('name_en', '=', '2026-2027')
    .executeTakeFirstOrThrow();
  const recording = await admin.storeRecording(
    'recording.wav',
    tonesClip(3),
    `exams/questions/${bank[8]}/audio_responses`,
  );
  // Reading questions both rounds share: the anchors of the reading scale's link (issue 42).
  const anchors: number[] = [];
  for (const [index, question] of READING_ANCHORS.entries())
    anchors.push(
      (
        await author.post<{ id: number }>(
          '/api/questions-bank',
          demoQuestionBody(question, index, 'ar', ira, { picture: '', tones: '' }),
        )
      ).id,
    );
  const examIds: number[] = [];
  const rounds = [
    { round: 0, from: -70, to: -60, gain: 0, name: 'Round 1', nameAr: 'الجولة الأولى' },
    { round: 1, from: -20, to: -10, gain: 0.08, name: 'Round 2', nameAr: 'الجولة الثانية' },
  ];
  for (const r of rounds) {
    const examId = await seedExam(
      author,
      ira,
      {
        name_en: `Arabic Reading Benchmark, Grade 5 (${r.name})`,
        name_ar: `الاختبار المعياري للقراءة، الصف الخامس (${r.nameAr})`,
        questionIds: [...QUESTIONS.map((index) => bank[index]), ...anchors],
        from: r.from,
        to: r.to,
        examType: 'benchmark',
        duration: 1,
        round: r.round,
        publish: true,
        stage: GRADE_5,
        academicYearId: year.id,
      },
      timeZone,
    );
    await author.post(`/api/exams/${examId}/assign/students`, {
      school_ids: [school.id, third.id],
      student_ids: [],
      start_date_time: wallTime(r.from, 7, timeZone),
      end_date_time: wallTime(r.to, 18, timeZone),
      show_answers: false,
      shuffle_choices: false,
      shuffle_questions: false,
      exam_localization_id: null,
    });
    examIds.push(examId);
    await sitAndMark(db, corrector, examId, ability, r, recording.path ?? `media/${recording.file_name}`);
    // Marked: the author releases the results to the students and schools (they enter the reports).
    await author.post(`/api/exams/${examId}/release`, { reason: 'Marking complete' });
  }
  const now = () => new Date();
  for (const schoolId of [school.id, third.id]) {
    await beginMigration(db, schoolId, now());
    await runMigration({ db, now }, schoolId);
  }
  // Calibrated first, so the web reports' figures hold the reading scale's scores and levels.
  await calibrateReading(db, admin, author, ira, examIds);
  await refreshWebReports(db, 'migration', now);
}

/**
 * The IRA reading scale (200 + 10 × logit), its origin fixed by round 1 and round 2 linked to it
 * by their shared reading questions, so the reports show scaled scores and growth at once.
 */
async function calibrateReading(
  db: Db,
  admin: DemoClient,
  author: DemoClient,
  ira: PlatformLookups,
  examIds: number[],
) {
  const scale = await admin.post<{ id: number }>('/api/scales', {
    platform_id: ira.platform.id,
    skill_id: ira.skills.reading,
    name_en: 'Reading scale',
    name_ar: 'مقياس القراءة',
    score_origin: 200,
    score_unit: 10,
  });
  // The Grade 5 cut scores on it, so the reports name each pupil's performance level.
  await admin.post('/api/scale-cuts', {
    platform_id: ira.platform.id,
    scale_id: scale.id,
    grade_id: ira.stages[GRADE_5],
    name_en: 'Grade 5 reading',
    name_ar: 'القراءة، الصف الخامس',
    approaching_from: 190,
    meeting_from: 200,
    exceeding_from: 210,
  });
  for (const examId of examIds) {
    const calibration = await author.post<{ id: number }>(`/api/scales/${scale.id}/calibrations`, {
      exam_ids: [examId],
    });
    await runCalibration(db, calibration.id);
  }
}

/** Every assigned student sits the exam (answers right as often as their attainment says) and is marked. */
async function sitAndMark(
  db: Db,
  corrector: DemoClient,
  examId: number,
  ability: Map<number, number>,
  round: { from: number; gain: number },
  recording: string,
) {
  const questions = await db
    .selectFrom('exam_questions')
    .select(['id', 'answer_type', 'answer_key', 'mark'])
    .where('exam_id', '=', examId)
    .orderBy('position')
    .execute();
  const assignments = await db
    .selectFrom('student_exams')
    .select(['id', 'student_id'])
    .where('exam_id', '=', examId)
    .orderBy('id')
    .execute();
  for (const [index, assignment] of assignments.entries()) {
    const level = Math.min(1, (ability.get(assignment.student_id) ?? 0.6) + round.gain);
    const started = new Date(Date.now() + (round.from + 1) * DAY + index * 600_000);
    const key = (q: (typeof questions)[number]): DemoQuestion['answer_key'] =>
      (typeof q.answer_key === 'string' ? JSON.parse(q.answer_key) : q.answer_key) as DemoQuestion['answer_key'];
    await sitAttempt(
      db,
      assignment.id,
      started,
      questions.map((q) => ({
        question_id: q.id,
        answer: answerOf(
          { id: q.id, answer_type: q.answer_type, answer_key: key(q) },
          noise(assignment.student_id, q.id) < level,
          recording,
        ),
      })),
      25,
    );
    const marked = questions.filter((q) => q.answer_type === 'essay' || q.answer_type === 'audio_response');
    await corrector.post('/api/exams/submit/correction', {
      exam_id: examId,
      student_id: assignment.student_id,
      version: 0,
      corrections: marked.map((q) => ({
        question_id: q.id,
        mark:
          Math.round(Number(q.mark) * Math.min(1, level * (0.8 + noise(q.id, assignment.student_id) * 0.4)) * 2) / 2,
      })),
    });
  }
}
