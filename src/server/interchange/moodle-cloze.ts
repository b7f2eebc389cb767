import { layoutGapText } from './gap-text';
import {
  exactNumbers,
  gapsKey,
  typedBlank,
  UNESCAPED_STAR,
  type AnswerRead,
  type GapAnswer,
} from './moodle-answer-keys';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';

/**
 * Moodle's embedded answers (cloze, qtype_multianswer; `type="cloze"` in its XML): each
 * `{weight:TYPE:answers}` in the text is a sub-question. Short answers, exact numbers and single
 * choices are what our blanks can ask (typed, or choosing among options), so they become a
 * fill-in-the-blanks question; a sub-question of any other kind (several responses, a number with
 * a tolerance, a wildcard) leaves the question unreadable, as a blank could not score it. Moodle
 * gives each sub-question its share of the mark: our partial marking.
 */

// A sub-question: `{`, an optional weight, `:TYPE:`, answers in which `\}` is a literal brace.
const SUB_QUESTION = /\{\d*:[A-Z_]+:(?:\\.|[^\\}])*\}/;
const TYPED = new Set(['SHORTANSWER', 'SA', 'MW', 'SHORTANSWER_C', 'SAC', 'MWC']);
const NUMBER = new Set(['NUMERICAL', 'NM']);
const CHOICE = /^(MULTICHOICE|MC)(_?(V|H)?S?)?$/;

interface SubAnswer {
  text: string;
  weight: number;
  feedback: boolean;
}

const unescape = (text: string) => text.replace(/\\([\\}~#/"])/g, '$1').trim();

/** The answers of a sub-question: `=` or `%100%` fully right, `%n%` weighted, `#…` their feedback. */
function answersOf(list: string): SubAnswer[] {
  return list
    .split(/(?<!\\)~/)
    .filter((piece) => piece.trim() !== '')
    .map((piece) => {
      const [answer, ...feedback] = piece.split(/(?<!\\)#/);
      const weighted = /^\s*(?:=|%(-?\d+(?:\.\d+)?)%)?([\s\S]*)$/.exec(answer)!;
      const weight = answer.trim().startsWith('=') ? 100 : weighted[1] ? parseFloat(weighted[1]) : 0;
      return { text: unescape(weighted[2]), weight, feedback: feedback.join('#').trim() !== '' };
    });
}

/** Reads the text of a cloze question (HTML, files already taken out). */
export function readCloze(html: string, language: 'en' | 'ar'): AnswerRead {
  const notes = new Set<string>();
  let feedback = false;
  const answerOf = (marker: string): GapAnswer | undefined => {
    const [, type, list] = /^\{\d*:([A-Z_]+):([\s\S]*)\}$/.exec(marker) ?? [];
    const answers = answersOf(list ?? '');
    feedback ||= answers.some((a) => a.feedback);
    if (CHOICE.test(type ?? '')) {
      const right = answers.filter((a) => a.weight >= 99.99);
      if (right.length !== 1) return undefined;
      return { answer: right[0].text, options: answers.map((a) => a.text) };
    }
    const typed = TYPED.has(type ?? '');
    if (!typed && !NUMBER.has(type ?? '')) return undefined;
    // A wildcard or a tolerance cannot be compared as text.
    if (typed && answers.some((a) => a.weight > 0 && UNESCAPED_STAR.test(a.text))) return undefined;
    const comparable = typed ? answers : exactNumbers(answers);
    if (!comparable) return undefined;
    const blank = typedBlank(comparable);
    for (const note of blank.notes) notes.add(String(note.params?.answers ?? ''));
    return blank.answer ? { answer: blank.answer } : undefined;
  };
  const read = gapsKey(layoutGapText(html, language, SUB_QUESTION), answerOf, 'partial');
  if (notes.size > 0) read.notes.push(itemProblem(P.extraAnswers, { answers: [...notes].join(', ') }));
  if (feedback) read.notes.push(itemProblem(P.feedback));
  return read;
}
