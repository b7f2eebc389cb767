import type { AnswerKind, MarkOption } from '../../../schemas/parts/question-kinds';
import { QUESTION_LIMITS } from '../../../schemas/parts/question-limits';
import { normaliseAnswerText } from '../../common/questions/normalise';
import { isBlankHtml, plainText } from '../../common/questions/rich-text';
import { newAnswerId } from '../../common/questions/schema-parts';
import type { ItemProblem } from './interchange-item';
import type { GapLayout } from './gap-text';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';

/**
 * Answer keys built from what Moodle's formats say, shared by the Moodle XML and GIFT readers.
 * Weights are Moodle's percentages (100 is fully right). Every part gets a fresh random id: a
 * student's browser sees ids, and ids numbered in the file's order would give the key away.
 */

/** What a question's answers became: the key, how it is marked, and what was found on the way. */
export interface AnswerRead {
  answer_type: AnswerKind;
  answer_key: unknown;
  mark_option: MarkOption;
  /** The question text to use instead of the file's (fill-in-the-blanks laid out from it). */
  text?: string;
  problems: ItemProblem[];
  notes: ItemProblem[];
}

/** An answer as Moodle weighs it: its text and its weight in percent. */
export interface WeightedAnswer {
  text: string;
  weight: number;
}

// Moodle writes fractions with seven decimals ("33.3333333"): "fully right" allows for rounding.
const isFull = (weight: number) => weight >= 99.99;
const listed = (texts: string[]) => texts.map((t) => plainText(t).trim()).join(', ');

/**
 * Choice options. Single: the one fully-right option is correct; other positive weights are part
 * credit we cannot give (noted). Multiple: every positive weight is correct, and marking is
 * partial when any is below 100, as Moodle splits the mark among the right options.
 */
export function choiceKey(options: WeightedAnswer[], single: boolean): AnswerRead {
  const notes: ItemProblem[] = [];
  const problems: ItemProblem[] = [];
  const key = { options: options.map((o) => ({ id: newAnswerId(), text: o.text, correct: false })) };
  if (single) {
    const full = options.flatMap((o, i) => (isFull(o.weight) ? [i] : []));
    if (full.length === 1) key.options[full[0]].correct = true;
    else problems.push(itemProblem(P.choiceKey));
    const partial = options.filter((o) => o.weight > 0 && !isFull(o.weight));
    if (partial.length > 0) notes.push(itemProblem(P.partialCredit, { answers: listed(partial.map((o) => o.text)) }));
    return { answer_type: 'single_choice', answer_key: key, mark_option: 'all_or_nothing', problems, notes };
  }
  options.forEach((o, i) => (key.options[i].correct = o.weight > 0));
  if (!options.some((o) => o.weight > 0)) problems.push(itemProblem(P.choiceKey));
  const partial = options.some((o) => o.weight > 0 && !isFull(o.weight));
  return {
    answer_type: 'multiple_choice',
    answer_key: key,
    mark_option: partial ? 'partial' : 'all_or_nothing',
    problems,
    notes,
  };
}

/**
 * One typed blank from a short answer's accepted answers: the first fully-right one is the key;
 * every other answer worth something is noted, as a blank has one answer.
 */
export function typedBlank(answers: WeightedAnswer[]): {
  answer?: string;
  problems: ItemProblem[];
  notes: ItemProblem[];
} {
  const first = answers.findIndex((a) => isFull(a.weight) && a.text !== '');
  if (first < 0) return { problems: [itemProblem(P.choiceKey)], notes: [] };
  const others = answers.filter((a, i) => i !== first && a.weight > 0 && a.text !== '').map((a) => a.text);
  return {
    answer: answers[first].text,
    problems: [],
    notes: others.length > 0 ? [itemProblem(P.extraAnswers, { answers: others.join(', ') })] : [],
  };
}

// A number a blank can compare as text: digits, a sign, a decimal point (`:0`, no tolerance, is the same).
const EXACT_NUMBER = /^(-?\d+(?:\.\d+)?)(?::0*\.?0*)?$/;

/**
 * Numerical answers (GIFT's `{#…}`, a cloze's NUMERICAL) as typed answers: each number without
 * its zero tolerance; undefined when a fully right one has a tolerance (`8:0.5`) or a range
 * (`1..5`), which a blank, comparing text, cannot score.
 */
export function exactNumbers<T extends WeightedAnswer>(answers: T[]): T[] | undefined {
  if (answers.some((a) => isFull(a.weight) && !EXACT_NUMBER.test(a.text))) return undefined;
  return answers.map((a) => ({ ...a, text: EXACT_NUMBER.exec(a.text)?.[1] ?? a.text }));
}

/** Moodle's `*` ("any characters"; `\*` is a star), which our blanks would take literally. */
export const UNESCAPED_STAR = /(^|[^\\])\*/;

/** A fill-in-the-blanks key with one typed blank and no text around it (a short-answer question). */
export function shortAnswerKey(answers: WeightedAnswer[]): AnswerRead {
  const { answer, problems, notes } = typedBlank(answers);
  const blanks = [{ id: newAnswerId(), before: '', after: '', answer: answer ?? '' }];
  return { answer_type: 'fill_blanks', answer_key: { blanks }, mark_option: 'all_or_nothing', problems, notes };
}

/** Options of a blank with duplicates (as answers are compared) left out, and the left-out ones. */
export function distinctOptions(options: string[]): { options: string[]; dropped: string[] } {
  const seen = new Set<string>();
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const option of options) {
    const key = normaliseAnswerText(option);
    if (key === '' || seen.has(key)) dropped.push(option);
    else kept.push(option);
    seen.add(key);
  }
  return { options: kept, dropped };
}

/** What a gap of a laid-out text asks: its right answer and, for a choice, its options. */
export interface GapAnswer {
  answer: string;
  options?: string[];
}

/**
 * A fill-in-the-blanks key from a laid-out gap text, each gap answered by `answerOf` (undefined:
 * the gap names nothing we can read, and the question cannot be read).
 */
export function gapsKey(
  layout: GapLayout,
  answerOf: (key: string) => GapAnswer | undefined,
  mark: MarkOption,
): AnswerRead {
  let unreadable = layout.gaps.length === 0;
  const dropped: string[] = [];
  const blanks = layout.gaps.map((gap) => {
    const read = answerOf(gap.key);
    if (!read) unreadable = true;
    const blank = { id: newAnswerId(), before: gap.before, after: gap.after, answer: read?.answer ?? '' };
    if (!read?.options) return blank;
    const distinct = distinctOptions(read.options);
    dropped.push(...distinct.dropped);
    return { ...blank, options: distinct.options };
  });
  const problems = unreadable ? [itemProblem(P.unreadable)] : [];
  const notes = dropped.length > 0 ? [itemProblem(P.duplicateOptions, { answers: dropped.join(', ') })] : [];
  return { answer_type: 'fill_blanks', answer_key: { blanks }, mark_option: mark, text: layout.text, problems, notes };
}

/**
 * Pairs whose lefts share a right ("Paris" and "Lyon" both match "France", as Moodle allows) as
 * the categorizing question they are: a category per right, its lefts its options (issue 40: a
 * matching said "This pair text is a duplicate" without naming it). One right for all says so.
 */
function sharedRights(kept: { left: string; right: string }[], mark: MarkOption): AnswerRead | undefined {
  const byRight = new Map<string, { name: string; lefts: string[] }>();
  for (const pair of kept) {
    const key = normaliseAnswerText(plainText(pair.right));
    const category = byRight.get(key) ?? { name: pair.right, lefts: [] };
    byRight.set(key, { ...category, lefts: [...category.lefts, pair.left] });
  }
  if (byRight.size === kept.length) return undefined;
  const shared = [...byRight.values()].filter((c) => c.lefts.length > 1).map((c) => c.name);
  if (byRight.size < 2)
    return { ...matchingOf(kept, mark), problems: [itemProblem(P.oneSharedAnswer, { answers: listed(shared) })] };
  const categories = [...byRight.values()].map((c) => ({
    id: newAnswerId(),
    name: c.name,
    options: c.lefts.map((text) => ({ id: newAnswerId(), text })),
  }));
  return {
    answer_type: 'categorizing',
    answer_key: { categories },
    mark_option: mark,
    problems: [],
    notes: [itemProblem(P.matchingAsCategorizing, { answers: listed(shared) })],
  };
}

const matchingOf = (kept: { left: string; right: string }[], mark: MarkOption): AnswerRead => ({
  answer_type: 'matching',
  answer_key: {
    pairs: kept.map((p) => ({ id: newAnswerId(), left: p.left, right_id: newAnswerId(), right: p.right })),
  },
  mark_option: mark,
  problems: [],
  notes: [],
});

/**
 * Matching pairs. A right side without a left is a distractor, which our matching cannot hold
 * (each right belongs to a left): it is noted and left out. Lefts sharing a right: see `sharedRights`.
 */
export function matchingKey(pairs: { left: string; right: string }[], mark: MarkOption): AnswerRead {
  const kept = pairs.filter((p) => !isBlankHtml(p.left));
  const distractors = pairs.filter((p) => isBlankHtml(p.left)).map((p) => p.right);
  const distractorNotes = distractors.length > 0 ? [itemProblem(P.distractors, { answers: listed(distractors) })] : [];
  const read = sharedRights(kept, mark) ?? matchingOf(kept, mark);
  return { ...read, notes: [...read.notes, ...distractorNotes] };
}

/** Reordering items, listed in their correct order. */
export function reorderingKey(items: string[], mark: MarkOption): AnswerRead {
  const key = { items: items.map((text) => ({ id: newAnswerId(), text })) };
  return { answer_type: 'reordering', answer_key: key, mark_option: mark, problems: [], notes: [] };
}

/** An essay of at most `maxWords` words (500 when the file sets none), within the project's limit. */
export function essayKey(maxWords?: number): AnswerRead {
  const words = maxWords && maxWords > 0 ? Math.min(Math.floor(maxWords), QUESTION_LIMITS.maxWords) : 500;
  return {
    answer_type: 'essay',
    answer_key: { max_words: words },
    mark_option: 'all_or_nothing',
    problems: [],
    notes: [],
  };
}

/** A true/false key. */
export const trueFalseKey = (correct: boolean): AnswerRead => ({
  answer_type: 'true_false',
  answer_key: { correct },
  mark_option: 'all_or_nothing',
  problems: [],
  notes: [],
});
