import type { Language } from '../../../locales/index';
import { reportKind } from '../../common/reports/index';
import type { Db } from '../db/database';
import type { ReportDocument } from '../pdf';
import { groupParts, type GroupReportData } from './group-document';
import { documentBase } from './report-base';
import {
  loadParticipation,
  loadResults,
  lookupNames,
  previousRound,
  seriesOf,
  type ReportContext,
  type ResultScope,
} from './report-data';
import { ReportWords } from './report-format';
import type { GrowthData } from './growth-document';
import { readScales, type ScaleReading } from '../scales';
import { studentParts, type StudentReportData } from './student-document';

/** Everything a report's document shows, read once and then worded in each of its languages. */
export type ReportData =
  ({ kind: 'student' } & StudentReportData) | ({ kind: 'class' | 'grade' | 'school' } & GroupReportData);

/**
 * Results already read by one job, by scope: a bundle reads its school's results once for all its
 * students' class and school averages.
 */
export type ResultCache = Map<string, Promise<unknown>>;

function cached<T>(cache: ResultCache, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    cache.set(key, value);
  }
  return value;
}

const cachedResults = (db: Db, cache: ResultCache, scope: ResultScope) =>
  cached(cache, `results:${JSON.stringify(scope)}`, () => loadResults(db, scope));

/** An exam's scales and its students' abilities on them, read once per job. */
const cachedScales = (db: Db, cache: ResultCache, examId: number) =>
  cached(cache, `scales:${examId}`, () => readScales(db, examId));

const scopeOf = (context: ReportContext): ResultScope => ({
  school_id: context.school.id,
  grade_id: context.grade?.id ?? null,
  school_class_id: context.schoolClass?.id ?? null,
  student_id: context.student?.id ?? null,
  exam_id: context.exam.id,
});

/**
 * The scope's abilities on the exam's scales, and in the latest earlier round of its series (the
 * previous round's exams on the same scales, where they are calibrated).
 */
async function growthData(db: Db, context: ReportContext, scope: ResultScope, cache: ResultCache): Promise<GrowthData> {
  const series = seriesOf(context);
  const [current, round] = await Promise.all([
    cachedScales(db, cache, context.exam.id),
    series ? previousRound(db, context, scope) : null,
  ]);
  if (!series || !round) return { previousRound: null, current, previous: [] };
  const earlier = await cachedResults(db, cache, { ...scope, exam_id: undefined, series, round_id: round.id });
  const exams = [...new Set(earlier.map((r) => r.exam_id))];
  const previous = (await Promise.all(exams.map((examId) => cachedScales(db, cache, examId)))).flat();
  return { previousRound: round, current, previous: mergeReadings(previous) };
}

/** Readings of several exams on the same scale as one (a round's exams of one series: each student sat one). */
function mergeReadings(readings: ScaleReading[]): ScaleReading[] {
  const byScale = new Map<number, ScaleReading>();
  for (const reading of readings) {
    const merged = byScale.get(reading.scale.id);
    if (!merged)
      byScale.set(reading.scale.id, {
        ...reading,
        abilities: new Map(reading.abilities),
        attempts: new Map(reading.attempts),
      });
    else {
      for (const [student, ability] of reading.abilities) merged.abilities.set(student, ability);
      for (const [attempt, ability] of reading.attempts) merged.attempts.set(attempt, ability);
    }
  }
  return [...byScale.values()];
}

async function studentData(db: Db, context: ReportContext, cache: ResultCache): Promise<StudentReportData> {
  const [result] = await loadResults(db, scopeOf(context));
  const none: GrowthData = { previousRound: null, current: [], previous: [] };
  if (!result) return { result, skillNames: new Map(), outcomeNames: new Map(), schoolResults: [], growth: none };
  const [skillNames, outcomeNames, schoolResults, growth] = await Promise.all([
    lookupNames(db, 'skills', Object.keys(result.skills).map(Number)),
    lookupNames(db, 'learning_outcomes', Object.keys(result.outcomes).map(Number)),
    cachedResults(db, cache, { school_id: context.school.id, exam_id: context.exam.id }),
    growthData(db, context, { school_id: context.school.id, student_id: result.student_id }, cache),
  ]);
  return { result, skillNames, outcomeNames, schoolResults, growth };
}

async function groupData(db: Db, context: ReportContext, cache: ResultCache): Promise<GroupReportData> {
  const scope = scopeOf(context);
  const [results, participation, growth] = await Promise.all([
    loadResults(db, scope),
    loadParticipation(db, context.exam.id, scope),
    growthData(db, context, scope, cache),
  ]);
  const skillNames = await lookupNames(
    db,
    'skills',
    results.flatMap((r) => Object.keys(r.skills).map(Number)),
  );
  return { results, participation, skillNames, growth };
}

const kindOf = (context: ReportContext) => {
  const kind = reportKind(context.type)?.document?.kind;
  if (!kind) throw new Error(`report type ${context.type} has no document`);
  return kind;
};

/** Reads what a report's document shows. */
export async function loadReportData(
  db: Db,
  context: ReportContext,
  cache: ResultCache = new Map(),
): Promise<ReportData> {
  const kind = kindOf(context);
  return kind === 'student'
    ? { kind, ...(await studentData(db, context, cache)) }
    : { kind, ...(await groupData(db, context, cache)) };
}

/** The document of a report in one language, every word translated and every figure formatted. */
export function composeReportDocument(
  context: ReportContext,
  data: ReportData,
  lang: Language,
  issuedAt: Date,
  timeZone: string,
): ReportDocument {
  const w = new ReportWords(lang);
  const parts = data.kind === 'student' ? studentParts(w, context, data) : groupParts(w, context, data.kind, data);
  return { ...documentBase(w, context, data.kind, issuedAt, timeZone), ...parts };
}
