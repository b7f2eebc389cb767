import exams from '../../../schemas/exams';
import questionsBank from '../../../schemas/questions-bank';
import type { LocalizationBody } from '../../common/contracts/index';
import { formatWallTime } from '../../common/datetime';
import type { InputOf } from '../../common/declarations';
import type { DemoClient } from './demo-api';
import type { PlatformLookups } from './demo-lookups';
import { gardenPicture, tonesClip } from './demo-media';
import type { DemoQuestion } from './demo-questions-data';
import { ARABIC_QUESTIONS, SAUDI_TEXTS } from './demo-questions-ar';
import { ENGLISH_QUESTIONS } from './demo-questions-en';

/** The demo exams are for Grade 4 (IRA) and Level 2 (ISA): the second stage. */
export const DEMO_STAGE = 1;

export interface DemoMedia {
  picture: string;
  tones: string;
}

/**
 * The demo's bodies are typed by the declarations they are sent to (`InputOf`): a required field
 * added to schemas/exams.ts or schemas/questions-bank.ts fails `tsc` here, before the seed meets
 * the server's 422 (tests/unit/declared-inputs.test.ts).
 */
type ExamInput = InputOf<typeof exams>;
type QuestionInput = InputOf<typeof questionsBank>;

/** What the API answers on creation, as far as the demo needs it. */
type Created = { id: number };

export async function uploadDemoMedia(author: DemoClient): Promise<DemoMedia> {
  type Uploaded = { relative_path: string };
  const picture = await author.upload<Uploaded>('garden.png', gardenPicture(), 'questions/media');
  const tones = await author.upload<Uploaded>('three-tones.wav', tonesClip(3), 'questions/media');
  return { picture: picture.relative_path, tones: tones.relative_path };
}

const QUESTION_TYPE_OF: Record<string, number> = {
  single_choice: 0,
  true_false: 0,
  paragraph: 0,
  multiple_choice: 1,
  matching: 1,
  categorizing: 1,
  fill_blanks: 2,
  reordering: 2,
  essay: 3,
  audio_response: 3,
};

/** The demo picture's text alternative (an image is refused without one). */
const PICTURE_ALT = {
  ar: 'بيت صغير بجانبه شجرة خضراء، والشمس مشرقة في السماء.',
  en: 'A small house with a green tree beside it, under a shining sun.',
} as const;

/** A demo question as the questions bank takes it. */
export function demoQuestionBody(
  question: DemoQuestion,
  index: number,
  language: 'ar' | 'en',
  l: PlatformLookups,
  media: DemoMedia,
) {
  return {
    text: question.text,
    content_language: language,
    platform_id: l.platform.id,
    question_type_id: l.questionTypes[QUESTION_TYPE_OF[question.kind]],
    skill_id: l.skills[question.skill],
    difficulty_level_id: l.difficulty[index % l.difficulty.length],
    cognitive_level_id: l.cognitive[index % l.cognitive.length],
    learning_outcome_id: l.outcomes[question.skill][DEMO_STAGE],
    depth_of_knowledge_id: l.depth[index % 3],
    mark: question.mark,
    mark_option: question.markOption,
    media_type: question.media === 'picture' ? 'image' : question.media === 'tones' ? 'audio' : 'none',
    media: question.media ? media[question.media] : null,
    media_alt: question.media === 'picture' ? PICTURE_ALT[language] : null,
    media_replay_count: question.replays ?? 0,
    instruction_audio: null,
    answer_type: question.kind,
    answer_key: question.answerKey,
  } satisfies QuestionInput;
}

/** Writes the items into the bank of a platform; returns their ids in order. */
export async function seedBank(
  author: DemoClient,
  l: PlatformLookups,
  media: DemoMedia,
  language: 'ar' | 'en',
): Promise<number[]> {
  const items = language === 'ar' ? ARABIC_QUESTIONS : ENGLISH_QUESTIONS;
  const ids: number[] = [];
  for (const [index, question] of items.entries())
    ids.push(
      (await author.post<Created>('/api/questions-bank', demoQuestionBody(question, index, language, l, media))).id,
    );
  return ids;
}

export interface ExamSpec {
  name_en: string;
  name_ar: string;
  questionIds: number[];
  /** Days from today: the window opens at 07:00 on `from` and closes at 18:00 on `to`. */
  from: number;
  to: number;
  examType: keyof PlatformLookups['examTypes'];
  duration: number;
  round: number;
  publish: boolean;
  /** The grade or level (index of the platform's stages); the demo's Grade 4 / Level 2 when absent. */
  stage?: number;
  academicYearId?: number;
  /** Marking settings: `double_marking`, `double_marking_threshold`, `anonymous_marking`. */
  marking?: Pick<ExamInput, 'double_marking' | 'double_marking_threshold' | 'anonymous_marking'>;
  /** An adaptive exam's delivery settings, and its one skill (issue 43). */
  delivery?: Pick<
    ExamInput,
    | 'delivery_mode'
    | 'adaptive_min_questions'
    | 'adaptive_max_questions'
    | 'adaptive_se_target'
    | 'adaptive_start'
    | 'adaptive_exposure'
    | 'skill_ids'
  >;
}

/** The wall-clock time `days` from today at `hour` o'clock in the schools' time zone. */
export const wallTime = (days: number, hour: number, timeZone: string) => {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${formatWallTime(day, timeZone).slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;
};

/** A demo exam as the exam form sends it. */
export function demoExamBody(l: PlatformLookups, spec: ExamSpec, timeZone: string) {
  return {
    name_en: spec.name_en,
    name_ar: spec.name_ar,
    platform_id: l.platform.id,
    duration_id: l.durations[spec.duration],
    grade_id: l.platform.identifier === 'IRA' ? l.stages[spec.stage ?? DEMO_STAGE] : null,
    level_id: l.platform.identifier === 'ISA' ? l.stages[spec.stage ?? DEMO_STAGE] : null,
    academic_year_id: spec.academicYearId ?? null,
    round_id: l.rounds[spec.round],
    exam_type_id: l.examTypes[spec.examType],
    skill_ids: Object.values(l.skills),
    start_date_time: wallTime(spec.from, 7, timeZone),
    end_date_time: wallTime(spec.to, 18, timeZone),
    min_mark: 0,
    max_mark: 100,
    pass_mark: 50,
    questions_per_page: 3,
    tags: ['demo'],
    ...spec.marking,
    ...spec.delivery,
  } satisfies ExamInput;
}

/** Creates an exam with its questions (copied from the bank) and publishes it when asked. */
export async function seedExam(
  author: DemoClient,
  l: PlatformLookups,
  spec: ExamSpec,
  timeZone: string,
): Promise<number> {
  const exam = await author.post<Created>('/api/exams', demoExamBody(l, spec, timeZone));
  await author.post(`/api/exams/${exam.id}/questions/assign`, { question_ids: spec.questionIds });
  if (spec.publish) await author.put(`/api/exams/${exam.id}/publish`);
  return exam.id;
}

/** A Saudi Arabian localization of a published Arabic exam, published. */
export async function seedSaudiLocalization(author: DemoClient, examId: number): Promise<number> {
  const questions: { id: number }[] = await author.get(`/api/exams/${examId}/questions`);
  const translated = Object.fromEntries(
    Object.entries(SAUDI_TEXTS).map(([index, texts]) => [String(questions[Number(index)].id), texts]),
  );
  const localization = await author.post<Created>(`/api/exams/${examId}/localizations`, {
    name: 'الاختبار المعياري للقراءة والاستماع — نسخة المملكة العربية السعودية',
    countries: ['SA'],
    translations: { questions: translated },
  } satisfies LocalizationBody);
  await author.post('/api/exam-localizations/publish', { exam_localization_ids: [localization.id] });
  return localization.id;
}
