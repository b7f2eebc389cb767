import {
  fitConcurrent,
  LINKING_RULES,
  linkToScale,
  type Anchor,
  type ConcurrentResult,
  type Link,
} from '../../common/statistics/index';
import type { BankParameter } from './bank-parameters';
import type { ScaleForm } from './calibration-forms';
import {
  CALIBRATION_MIN_ATTEMPTS,
  r4,
  refusedOutcome,
  sameCategories,
  type ExamOutcome,
  type ExamRefusal,
  type ParameterRow,
} from './calibration-outcome';

export type PlacedRow = ParameterRow & { exam_id: number; attempts: number };

/** The forms' questions as one set of items: a bank question once (per maximum mark), an exam's own once. */
function unionOf(forms: ScaleForm[]) {
  const keys = new Map<string, number>();
  const items: { max: number; source: number | null }[] = [];
  const columns = forms.map((form) => {
    const seen = new Set<string>();
    return form.questions.map((question, k) => {
      const max = form.items[k].max;
      let key = question.source_question_id !== null ? `q${question.source_question_id}:${max}` : `e${question.id}`;
      // The same bank question twice in one exam: the second is an item of its own.
      if (seen.has(key)) key = `e${question.id}`;
      seen.add(key);
      if (!keys.has(key)) keys.set(key, items.push({ max, source: question.source_question_id }) - 1);
      return keys.get(key)!;
    });
  });
  return { items, columns };
}

/**
 * The forms not joined to the scale: forms join each other through at least `LINKING_RULES.minAnchors`
 * calibrated questions they share (a question everyone answered alike carries nothing), and the
 * scale through the first form (an origin) or through that many stable anchors of their own.
 */
function unconnected(columns: number[][], calibrated: (i: number) => boolean, anchored: Set<number> | null): number[] {
  const usable = columns.map((items) => new Set(items.filter(calibrated)));
  const shared = (g: number, h: number) => [...usable[g]].filter((i) => usable[h].has(i)).length;
  const reached = new Set<number>(
    anchored === null
      ? [0]
      : columns.flatMap((_, g) =>
          [...usable[g]].filter((i) => anchored.has(i)).length >= LINKING_RULES.minAnchors ? [g] : [],
        ),
  );
  for (let grew = true; grew;) {
    grew = false;
    columns.forEach((_, g) => {
      if (!reached.has(g) && [...reached].some((h) => shared(g, h) >= LINKING_RULES.minAnchors)) {
        reached.add(g);
        grew = true;
      }
    });
  }
  return columns.flatMap((_, g) => (reached.has(g) ? [] : [g]));
}

/**
 * Several exams calibrated together (`design: concurrent`): one multiple-group calibration of every
 * corrected attempt, the exams' shared questions as one item each, every exam's population its own
 * (rasch/concurrent.ts). The scale's first calibration takes its origin from the first exam's
 * students (mean 0); later ones are linked to the bank: the free joint calibration is screened
 * against the bank's values of the questions it holds (linking.ts: drift, at least 5 stable anchors
 * and 20% of the marks of all the exams' questions), then calibrated again with the stable anchors
 * fixed at the bank's values. Each exam must join the scale through at least 5 calibrated questions
 * it shares with an exam already joined, or 5 stable anchors of its own (`unconnected`). All or
 * nothing, as the separate design: `refused` when any exam cannot be placed.
 */
export function placeConcurrently(
  forms: ScaleForm[],
  origin: boolean,
  bank: Map<number, BankParameter>,
): { outcomes: ExamOutcome[]; rows: PlacedRow[]; refused: boolean } {
  const role = (g: number): ExamOutcome['role'] => (origin && g === 0 ? 'origin' : 'linked');
  const refuse = (why: ExamRefusal, which: number[]) => ({
    outcomes: which.map((g) => refusedOutcome(forms[g], role(g), why)),
    rows: [],
    refused: true,
  });
  const short = forms.flatMap((form, g) =>
    form.scores.length < CALIBRATION_MIN_ATTEMPTS || form.items.length === 0 ? [g] : [],
  );
  if (short.length > 0) return refuse('too_few_attempts', short);
  const { items, columns } = unionOf(forms);
  const input = { items, forms: forms.map((form, g) => ({ items: columns[g], scores: form.scores })) };
  // An exam none of whose questions varies among its students cannot be measured (nor its
  // population estimated), as in the separate design.
  const flat = forms.flatMap((form, g) =>
    form.questions.every((_, k) => form.scores.every((row) => row[k] === form.scores[0][k])) ? [g] : [],
  );
  if (flat.length > 0) return refuse('too_few_attempts', flat);
  const free = fitConcurrent(input);
  const calibrated = (i: number) => !free.items[i].extreme;
  if (origin) {
    const apart = unconnected(columns, calibrated, null);
    if (apart.length > 0) return refuse('not_connected', apart);
  }
  let final = free;
  let link: Link | null = null;
  /** Union items that are (or could have been) anchors: their rows score the exams, not the bank. */
  const notBanked = new Set<number>();
  if (!origin) {
    const anchors: Anchor[] = free.items.flatMap((item, i) => {
      const banked = items[i].source === null ? undefined : bank.get(items[i].source!);
      if (!banked || item.extreme) return [];
      notBanked.add(i);
      if (!sameCategories(banked.categories, item.categories)) return [];
      const se = banked.se !== null && item.se !== null ? Math.hypot(banked.se, item.se) : null;
      return [{ id: i, bank: banked.difficulty, free: item.difficulty!, marks: item.max, se }];
    });
    const totalMarks = items.reduce((total, item) => total + item.max, 0);
    link = linkToScale(anchors, totalMarks);
    const stableIds = new Set(link.stable.map((anchor) => Number(anchor.id)));
    const apart = link.refused ? [] : unconnected(columns, calibrated, stableIds);
    if (apart.length > 0) return refuse('not_connected', apart);
    if (!link.refused) {
      const stable = new Set(link.stable.map((anchor) => Number(anchor.id)));
      final = fitConcurrent(input, {
        anchors: items.map((item, i) => {
          const banked = stable.has(i) ? bank.get(item.source!) : undefined;
          return banked ? { categories: banked.categories, thresholds: banked.thresholds } : null;
        }),
      });
    }
  }
  const outcomes = forms.map((form, g) => outcomeOf(form, g, columns[g], final, link, role(g)));
  if (link?.refused) return { outcomes, rows: [], refused: true };
  const rows = forms.flatMap((form, g) =>
    columns[g].flatMap((i, k): PlacedRow[] => {
      const item = final.items[i];
      if (item.extreme) return [];
      const question = form.questions[k];
      const banked = question.source_question_id === null ? undefined : bank.get(question.source_question_id);
      return [
        {
          exam_id: form.examId,
          attempts: form.scores.length,
          exam_question_id: question.id,
          question_id: notBanked.has(i) ? null : question.source_question_id,
          max: item.max,
          categories: item.categories,
          difficulty: item.difficulty!,
          se: item.anchored ? (banked?.se ?? null) : item.se,
          thresholds: item.thresholds,
        },
      ];
    }),
  );
  return { outcomes, rows, refused: false };
}

/** One exam's part of a concurrent calibration: its population, its items' fit, and the anchors it holds. */
function outcomeOf(
  form: ScaleForm,
  g: number,
  columns: number[],
  fit: ConcurrentResult,
  link: Link | null,
  role: ExamOutcome['role'],
): ExamOutcome {
  const own = columns.map((i) => fit.items[i]);
  const position = new Map(columns.map((i, k) => [i, k]));
  const held = <T extends { id: Anchor['id'] }>(list: T[]) => list.filter((a) => position.has(Number(a.id)));
  const at = (id: Anchor['id']) => {
    const k = position.get(Number(id))!;
    return { question_id: form.questions[k].id, position: k + 1 };
  };
  return {
    exam_id: form.examId,
    attempts: form.scores.length,
    questions: form.questions.length,
    calibrated: own.filter((item) => !item.extreme).length,
    converged: fit.converged,
    iterations: fit.iterations,
    reliability: r4(fit.forms[g].reliability),
    sd: r4(fit.forms[g].sd),
    mean: r4(fit.forms[g].mean)!,
    role,
    shift: r4(link?.shift ?? 0)!,
    link_se: r4(link?.se),
    stable: held(link?.stable ?? []).map((a) => ({ ...at(a.id), displacement: r4(a.displacement)! })),
    dropped: held(link?.dropped ?? []).map((a) => ({
      ...at(a.id),
      displacement: r4(a.displacement)!,
      robust_z: r4(a.robustZ),
    })),
    worst_infit: r4(Math.max(0, ...own.map((item) => item.infit ?? 0))),
    worst_outfit: r4(Math.max(0, ...own.map((item) => item.outfit ?? 0))),
    refused: link?.refused ?? null,
  };
}
