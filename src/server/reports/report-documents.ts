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
  type ResultRow,
  type ResultScope,
} from './report-data';
import { ReportWords } from './report-format';
import { studentParts, type StudentReportData } from './student-document';

/** Everything a report's document shows, read once and then worded in each of its languages. */
export type ReportData =
  ({ kind: 'student' } & StudentReportData) | ({ kind: 'class' | 'grade' | 'school' } & GroupReportData);

/**
 * Results already read by one job, by scope: a bundle reads its school's results once for all its
 * students' class and school averages.
 */
export type ResultCache = Map<string, Promise<ResultRow[]>>;

function cachedResults(db: Db, cache: ResultCache, scope: ResultScope): Promise<ResultRow[]> {
  const key = JSON.stringify(scope);
  let results = cache.get(key);
  if (!results) {
    results = loadResults(db, scope);
    cache.set(key, results);
  }
  return results;
}

const scopeOf = (context: ReportContext): ResultScope => ({
  school_id: context.school.id,
  grade_id: context.grade?.id ?? null,
  school_class_id: context.schoolClass?.id ?? null,
  student_id: context.student?.id ?? null,
  exam_id: context.exam.id,
});

/** The results of the scope in the previous round of the report's exam series, if there is one. */
async function previousResults(db: Db, context: ReportContext, scope: ResultScope) {
  const series = seriesOf(context);
  const round = series ? await previousRound(db, context, scope) : null;
  if (!series || !round) return null;
  return { round, results: await loadResults(db, { ...scope, exam_id: undefined, series, round_id: round.id }) };
}

async function studentData(db: Db, context: ReportContext, cache: ResultCache): Promise<StudentReportData> {
  const [result] = await loadResults(db, scopeOf(context));
  if (!result) return { result, skillNames: new Map(), outcomeNames: new Map(), schoolResults: [], previous: null };
  const [skillNames, outcomeNames, schoolResults, previous] = await Promise.all([
    lookupNames(db, 'skills', Object.keys(result.skills).map(Number)),
    lookupNames(db, 'learning_outcomes', Object.keys(result.outcomes).map(Number)),
    cachedResults(db, cache, { school_id: context.school.id, exam_id: context.exam.id }),
    previousResults(db, context, { school_id: context.school.id, student_id: result.student_id }),
  ]);
  const earlier = previous?.results[0];
  return {
    result,
    skillNames,
    outcomeNames,
    schoolResults,
    previous: previous && earlier ? { round: previous.round, result: earlier } : null,
  };
}

async function groupData(db: Db, context: ReportContext): Promise<GroupReportData> {
  const scope = scopeOf(context);
  const [results, participation, previous] = await Promise.all([
    loadResults(db, scope),
    loadParticipation(db, context.exam.id, scope),
    previousResults(db, context, scope),
  ]);
  const skillNames = await lookupNames(
    db,
    'skills',
    results.flatMap((r) => Object.keys(r.skills).map(Number)),
  );
  return { results, participation, skillNames, previous };
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
    : { kind, ...(await groupData(db, context)) };
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
