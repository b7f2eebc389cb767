/**
 * Choosing the next question of an adaptive test (issue 43): the most informative at the current
 * ability among those the rules allow, with exposure control and content constraints.
 *
 * Content: each rule counts the questions given in one area (a learning outcome or a question type)
 * and holds it between `min` and `max`. A question of an area at its maximum is never chosen; when
 * the questions left before the maximum length are only enough for the minimums still unmet, only
 * questions of those areas are; and the test does not stop before every minimum is met.
 * Balance (Kingsbury & Zara, 1989): the question comes from the content area furthest below its
 * target share, when targets are given.
 * Exposure: randomesque (one of the `among` most informative, at random) or Sympson–Hetter (the
 * most informative is given with its control probability, else set aside for this student and the
 * next one tried; the probabilities come from simulation, simulate.ts).
 */
import { information, type PoolItem } from './model';

export interface ContentRule {
  key: string;
  min?: number;
  max?: number;
}

export type ExposureControl =
  | { method: 'none' }
  | { method: 'randomesque'; among: number }
  | { method: 'sympson-hetter'; rates: ReadonlyMap<number, number> };

export interface CatRules {
  minLength: number;
  maxLength: number;
  /** Stop once the ability's standard error is at or below this (logits). */
  seTarget: number;
  content: readonly ContentRule[];
  exposure: ExposureControl;
  /**
   * Kingsbury–Zara content balancing: each content area's target share of a test. The next question
   * comes from the area furthest below its share so far (the first in order on a tie), the most
   * informative there; an area with no question left gives way to the next.
   */
  balance?: ReadonlyMap<string, number>;
}

/** Where a student's test stands: the questions given (in order) and the current estimate. */
export interface CatProgress {
  given: readonly PoolItem[];
  ability: number;
  se: number;
  /** Questions set aside by Sympson–Hetter for this student. */
  setAside?: ReadonlySet<number>;
}

const countIn = (given: readonly PoolItem[], key: string) =>
  given.reduce((n, item) => n + (item.content?.includes(key) ? 1 : 0), 0);

/** Content areas whose minimum is not yet met, with how many each still needs. */
function unmet(rules: CatRules, given: readonly PoolItem[]) {
  return rules.content.flatMap((rule) => {
    const short = (rule.min ?? 0) - countIn(given, rule.key);
    return short > 0 ? [{ key: rule.key, short }] : [];
  });
}

/** Whether the rules allow a question next (see above): a predicate built once per choice. */
export function allowedBy(rules: CatRules, progress: CatProgress): (item: PoolItem) => boolean {
  const givenIds = new Set<number>();
  for (const item of progress.given) givenIds.add(item.id);
  const full = new Set<string>();
  for (const rule of rules.content)
    if (rule.max !== undefined && countIn(progress.given, rule.key) >= rule.max) full.add(rule.key);
  const needed = unmet(rules, progress.given);
  let owed = 0;
  for (const area of needed) owed += area.short;
  const only = owed > 0 && owed >= rules.maxLength - progress.given.length ? new Set(needed.map((a) => a.key)) : null;
  return (item) => {
    if (givenIds.has(item.id) || progress.setAside?.has(item.id)) return false;
    let owedArea = only === null;
    for (const key of item.content ?? []) {
      if (full.has(key)) return false;
      if (only?.has(key)) owedArea = true;
    }
    return owedArea;
  };
}

/**
 * Kingsbury–Zara: `ok` narrowed to the content area furthest below its target share of the questions
 * given so far, or to the next such area when it has no question left; `ok` itself when no targets
 * are set or no area has a question left.
 */
export function balancedBy(
  pool: readonly PoolItem[],
  rules: CatRules,
  progress: CatProgress,
  ok: (item: PoolItem) => boolean,
): (item: PoolItem) => boolean {
  if (!rules.balance || rules.balance.size === 0) return ok;
  const given = progress.given.length;
  const areas = [...rules.balance].map(([key, share], order) => ({
    key,
    order,
    behind: share - (given === 0 ? 0 : countIn(progress.given, key) / given),
  }));
  areas.sort((a, b) => b.behind - a.behind || a.order - b.order);
  for (const area of areas) {
    const inArea = (item: PoolItem) => Boolean(item.content?.includes(area.key)) && ok(item);
    if (pool.some(inArea)) return inArea;
  }
  return ok;
}

/** The questions the rules allow next. */
export const allowed = (pool: readonly PoolItem[], rules: CatRules, progress: CatProgress): PoolItem[] =>
  pool.filter(allowedBy(rules, progress));

/** Whether the test ends now: the maximum length, or the precision reached with the minimums met. */
export function finished(rules: CatRules, progress: CatProgress): boolean {
  if (progress.given.length >= rules.maxLength) return true;
  return (
    progress.given.length >= rules.minLength &&
    progress.se <= rules.seTarget &&
    unmet(rules, progress.given).length === 0
  );
}

/** A pool ordered for selection: right-or-wrong questions by difficulty (their information falls with the distance from the ability), the rest apart. */
interface PoolIndex {
  dichotomous: PoolItem[];
  difficulties: Float64Array;
  others: PoolItem[];
}
const indexes = new WeakMap<readonly PoolItem[], PoolIndex>();

function indexOf(pool: readonly PoolItem[]): PoolIndex {
  let index = indexes.get(pool);
  if (!index) {
    const dichotomous = pool
      .filter((item) => item.thresholds.length === 1)
      .sort((a, b) => a.thresholds[0] - b.thresholds[0] || a.id - b.id);
    index = {
      dichotomous,
      difficulties: Float64Array.from(dichotomous, (item) => item.thresholds[0]),
      others: pool.filter((item) => item.thresholds.length !== 1),
    };
    indexes.set(pool, index);
  }
  return index;
}

/**
 * The allowed questions, the most informative first (equally informative ones in the walk's order), as a lazy stream: the
 * right-or-wrong ones walked outwards from the ability (the nearest difficulty is the most
 * informative), merged with the others' information computed once.
 */
function* ranked(pool: readonly PoolItem[], ok: (item: PoolItem) => boolean, theta: number): Generator<PoolItem> {
  const { dichotomous, difficulties, others } = indexOf(pool);
  const buffer = new Float64Array(16);
  const rest = others
    .filter(ok)
    .map((item) => ({ item, info: information(item, theta, buffer) }))
    .sort((a, b) => b.info - a.info || a.item.id - b.item.id);
  let low = 0;
  let high = difficulties.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (difficulties[middle] < theta) low = middle + 1;
    else high = middle;
  }
  let left = low - 1;
  let right = low;
  let r = 0;
  const infoAt = (k: number) => {
    const p = 1 / (1 + Math.exp(difficulties[k] - theta));
    return p * (1 - p);
  };
  for (;;) {
    while (left >= 0 && !ok(dichotomous[left])) left--;
    while (right < dichotomous.length && !ok(dichotomous[right])) right++;
    const l = left >= 0 ? { item: dichotomous[left], info: infoAt(left) } : null;
    const h = right < dichotomous.length ? { item: dichotomous[right], info: infoAt(right) } : null;
    const near = !l ? h : !h ? l : h.info > l.info || (h.info === l.info && h.item.id < l.item.id) ? h : l;
    const other = r < rest.length ? rest[r] : null;
    if (!near && !other) return;
    if (other && (!near || other.info > near.info || (other.info === near.info && other.item.id < near.item.id))) {
      r++;
      yield other.item;
    } else if (near === l) {
      left--;
      yield l!.item;
    } else {
      right++;
      yield h!.item;
    }
  }
}

/**
 * The next question, or null when none is allowed. `random` draws in [0, 1); `setAside` collects the
 * questions Sympson–Hetter passed over for this student.
 */
export function nextQuestion(
  pool: readonly PoolItem[],
  rules: CatRules,
  progress: CatProgress,
  random: () => number,
  setAside?: Set<number>,
): PoolItem | null {
  const stream = ranked(pool, balancedBy(pool, rules, progress, allowedBy(rules, progress)), progress.ability);
  const exposure = rules.exposure;
  if (exposure.method === 'randomesque') {
    const top: PoolItem[] = [];
    for (const item of stream) if (top.push(item) >= Math.max(1, exposure.among)) break;
    return top.length > 0 ? top[Math.floor(random() * top.length)] : null;
  }
  if (exposure.method === 'sympson-hetter') {
    let best: PoolItem | null = null;
    for (const item of stream) {
      best ??= item;
      if (random() < (exposure.rates.get(item.id) ?? 1)) return item;
      setAside?.add(item.id);
    }
    // Every allowed question passed over: the most informative is given after all.
    if (best) {
      setAside?.delete(best.id);
      return best;
    }
    // Every question left was set aside earlier in this student's test: the most informative of them
    // is given, rather than the test ending short of its length (a small pool, low probabilities).
    if (progress.setAside?.size) {
      const left = { ...progress, setAside: undefined };
      const again = ranked(pool, balancedBy(pool, rules, left, allowedBy(rules, left)), progress.ability).next();
      if (!again.done) {
        setAside?.delete(again.value.id);
        return again.value;
      }
    }
    return null;
  }
  const first = stream.next();
  return first.done ? null : first.value;
}
