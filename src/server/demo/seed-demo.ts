import type { FastifyInstance } from 'fastify';
import { demoClient } from './demo-api';
import { seedLookups } from './demo-lookups';
import { seedAccounts, seedSchools } from './demo-people';
import { seedBank, seedExam, seedSaudiLocalization, uploadDemoMedia } from './demo-content';
import { seedAssignments } from './demo-assignments';
import { seedCorrections } from './demo-corrections';
import { seedReportResults } from './demo-reports';
import { seedStudentAccounts } from './demo-student-accounts';
import { seedAdaptiveExam } from './demo-adaptive';

export interface DemoSummary {
  platforms: number;
  questions: number;
  exams: number;
}

/**
 * The demo a newcomer can use at once (README, "What the demo holds"): accounts, both platforms with
 * every settings list, schools with students, a questions bank with the ten answer types in Arabic
 * and English with a picture and a listening clip, published and draft exams and a published
 * localized exam. Runs only on a database without users, and goes through the API as the demo
 * administrator and author, so every rule applies to it.
 */
export async function seedDemo(app: FastifyInstance): Promise<DemoSummary | null> {
  const existing = await app.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  // Hundreds of requests go through the API: their log lines would bury the demo sign-in that
  // main.ts prints after them. Warnings and errors still show.
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    return await loadDemo(app);
  } finally {
    app.log.level = level;
  }
}

async function loadDemo(app: FastifyInstance): Promise<DemoSummary> {
  const accounts = await seedAccounts(app.db);
  const admin = await demoClient(app, 'admin@example.com');
  const { ira, isa } = await seedLookups(admin);
  await seedSchools(app.db, accounts, ira.stages, isa.stages);

  const author = await demoClient(app, 'author@example.com');
  const media = await uploadDemoMedia(author);
  const iraArabic = await seedBank(author, ira, media, 'ar');
  const iraEnglish = await seedBank(author, ira, media, 'en');
  const isaArabic = await seedBank(author, isa, media, 'ar');
  const timeZone = app.config.timeZone;

  const benchmark = await seedExam(
    author,
    ira,
    {
      name_en: 'Arabic Reading and Listening Benchmark, Grade 4',
      name_ar: 'الاختبار المعياري للقراءة والاستماع، الصف الرابع',
      questionIds: iraArabic,
      from: -1,
      to: 60,
      examType: 'benchmark',
      duration: 1,
      round: 0,
      publish: true,
    },
    timeZone,
  );
  await seedExam(
    author,
    isa,
    {
      name_en: 'Arabic Standards Benchmark, Level 2',
      name_ar: 'الاختبار المعياري للغة العربية، المستوى الثاني',
      questionIds: isaArabic,
      from: -1,
      to: 60,
      examType: 'benchmark',
      duration: 2,
      round: 0,
      publish: true,
    },
    timeZone,
  );
  await seedExam(
    author,
    ira,
    {
      name_en: 'English-medium Reading Check, Grade 4 (draft)',
      name_ar: 'اختبار القراءة للمدارس الناطقة بالإنجليزية، الصف الرابع (مسودة)',
      questionIds: iraEnglish,
      from: 7,
      to: 30,
      examType: 'diagnostic',
      duration: 1,
      round: 1,
      publish: false,
    },
    timeZone,
  );
  await seedSaudiLocalization(author, benchmark);
  const writing = await seedExam(
    author,
    ira,
    {
      name_en: 'Arabic Writing Benchmark, Grade 4',
      name_ar: 'الاختبار المعياري للكتابة، الصف الرابع',
      questionIds: iraArabic.slice(0, 4),
      from: 3,
      to: 30,
      examType: 'benchmark',
      duration: 1,
      round: 1,
      publish: true,
    },
    timeZone,
  );
  const mock = await seedExam(
    author,
    ira,
    {
      name_en: 'Practice Test, Grade 4',
      name_ar: 'اختبار تجريبي، الصف الرابع',
      questionIds: iraArabic.slice(0, 3),
      from: -1,
      to: 60,
      examType: 'mock',
      duration: 0,
      round: 0,
      publish: true,
    },
    timeZone,
  );
  await seedAssignments(
    author,
    app.db,
    [
      { examId: benchmark, from: -1, to: 60, whole: 'school', showAnswers: true, releaseAfterClose: true },
      { examId: writing, from: 3, to: 30, whole: 'student' },
      { examId: mock, from: -1, to: 60, whole: 'student' },
    ],
    timeZone,
  );

  // Essays and spoken answers for the corrector: single choice, true/false, essay, spoken answer.
  const speaking = await seedExam(
    author,
    ira,
    {
      name_en: 'Arabic Writing and Speaking Benchmark, Grade 4',
      name_ar: 'الاختبار المعياري للكتابة والتحدث، الصف الرابع',
      questionIds: [0, 3, 4, 8].map((index) => iraArabic[index]),
      from: -7,
      to: 30,
      examType: 'benchmark',
      duration: 1,
      round: 0,
      publish: true,
    },
    timeZone,
  );
  const corrector = await demoClient(app, 'corrector@example.com');
  await seedCorrections(app.db, author, admin, corrector, speaking, timeZone);
  // The same exam marked anonymously by two blind markers: the corrector has marked one attempt.
  const blind = await seedExam(
    author,
    ira,
    {
      name_en: 'Arabic Writing and Speaking Benchmark, Grade 4 (anonymous, double marked)',
      name_ar: 'الاختبار المعياري للكتابة والتحدث، الصف الرابع (تصحيح دون أسماء ومزدوج)',
      questionIds: [0, 3, 4, 8].map((index) => iraArabic[index]),
      from: -7,
      to: 30,
      examType: 'benchmark',
      duration: 1,
      round: 0,
      publish: true,
      marking: { anonymous_marking: true, double_marking: true, double_marking_threshold: 20 },
    },
    timeZone,
  );
  await seedCorrections(app.db, author, admin, corrector, blind, timeZone, { blind: true });
  // Corrected results of a Grade 5 benchmark in two rounds at the second school: every report at once.
  await seedReportResults(app.db, author, admin, corrector, ira, iraArabic, timeZone);
  // An adaptive exam on the questions those rounds calibrated on the reading scale.
  await seedAdaptiveExam(app.db, author, ira, timeZone);
  await seedStudentAccounts(app.db);

  return { platforms: 2, questions: iraArabic.length + iraEnglish.length + isaArabic.length, exams: 10 };
}
