import type { Element } from '@xmldom/xmldom';
import type { MarkOption } from '../../../schemas/parts/question-kinds';
import { layoutGapText } from './gap-text';
import { readCloze } from './moodle-cloze';
import {
  choiceKey,
  essayKey,
  gapsKey,
  matchingKey,
  reorderingKey,
  shortAnswerKey,
  trueFalseKey,
  UNESCAPED_STAR,
  type AnswerRead,
  type WeightedAnswer,
} from './moodle-answer-keys';
import { childElement, childElements, fieldText, formatOf, textOf } from './moodle-dom';
import { stripFileReferences } from './moodle-media';
import { itemProblem, MOODLE_PROBLEMS as P } from './moodle-problems';
import { escapeHtml, formatToHtml, shortText } from './moodle-text';

/**
 * The answers of each Moodle question type we can represent, read from its `<question>` element.
 * `html` is the question text as HTML (files already taken out); `language` its content language.
 */
export type MoodleAnswerReader = (question: Element, html: string, language: 'en' | 'ar') => AnswerRead;

const weightOf = (answer: Element): number => {
  const weight = parseFloat(answer.getAttribute('fraction') ?? '0');
  return Number.isFinite(weight) ? weight : 0;
};

const richAnswers = (question: Element): WeightedAnswer[] =>
  childElements(question, 'answer').map((a) => ({
    text: stripFileReferences(formatToHtml(textOf(a), formatOf(a), true)),
    weight: weightOf(a),
  }));

const multichoice: MoodleAnswerReader = (question) => {
  // Moodle's default is one answer; `<single>` says "true"/"false" (older files "1"/"0").
  const single = !/^(false|0)$/i.test(fieldText(question, 'single').trim());
  return choiceKey(richAnswers(question), single);
};

const truefalse: MoodleAnswerReader = (question) => {
  const right = childElements(question, 'answer').find((a) => weightOf(a) >= 99.99);
  const read = trueFalseKey(textOf(right).trim().toLowerCase() === 'true');
  return right ? read : { ...read, problems: [itemProblem(P.choiceKey)] };
};

const shortanswer: MoodleAnswerReader = (question) => {
  const answers = childElements(question, 'answer').map((a) => ({ text: shortText(textOf(a)), weight: weightOf(a) }));
  const wildcards = answers.filter((a) => a.weight > 0 && UNESCAPED_STAR.test(a.text));
  const read = shortAnswerKey(answers.map((a) => ({ ...a, text: a.text.replace(/\\\*/g, '*') })));
  read.problems.push(...wildcards.map((a) => itemProblem(P.wildcard, { answer: a.text })));
  return read;
};

const essay: MoodleAnswerReader = (question) =>
  essayKey(parseInt(fieldText(question, 'maxwordlimit'), 10) || undefined);

// Moodle marks a matching question by the share of its stems matched right (qtype_match's
// grade_response: right / total), which is our partial marking.
const matching: MoodleAnswerReader = (question) =>
  matchingKey(
    childElements(question, 'subquestion').map((sub) => ({
      left: stripFileReferences(formatToHtml(textOf(sub), formatOf(sub), true)),
      right: escapeHtml(shortText(textOf(childElement(sub, 'answer')))),
    })),
    'partial',
  );

/**
 * qtype_ordering (a plugin, in core since Moodle 4.4) exports its items in their correct order
 * (each `fraction` is its position) and reads them back in document order, as we do. Its
 * default grading gives credit item by item; only ALL_OR_NOTHING gives all or nothing. We show
 * every item even where Moodle shows a subset (`selectcount`), which asks for more, never less.
 */
const ordering: MoodleAnswerReader = (question) => {
  const grading = fieldText(question, 'gradingtype').trim().toUpperCase();
  const mark: MarkOption = grading === 'ALL_OR_NOTHING' ? 'all_or_nothing' : 'partial';
  return reorderingKey(
    richAnswers(question).map((a) => a.text),
    mark,
  );
};

/**
 * Select missing words (gapselect) and drag and drop into text (ddwtos): gap `[[n]]` is right
 * with the n-th choice, and offers every choice of that choice's group. Moodle gives each gap
 * its share of the mark, which is our partial marking. A ddwtos choice that is not "infinite"
 * can fill one gap only; our blanks each list their options, so that limit is not kept.
 */
const gapReader =
  (choiceElement: string): MoodleAnswerReader =>
  (question, html, language) => {
    const choices = childElements(question, choiceElement).map((c) => ({
      text: shortText(textOf(c)),
      group: fieldText(c, 'group').trim() || '1',
    }));
    return gapsKey(
      layoutGapText(html, language),
      (key) => {
        const right = choices[parseInt(key, 10) - 1];
        if (!right || right.text === '') return undefined;
        return { answer: right.text, options: choices.filter((c) => c.group === right.group).map((c) => c.text) };
      },
      'partial',
    );
  };

/** The readers by Moodle qtype; any other type is reported as unsupported. */
export const MOODLE_ANSWER_READERS: Record<string, MoodleAnswerReader> = {
  multichoice,
  truefalse,
  shortanswer,
  essay,
  matching,
  ordering,
  gapselect: gapReader('selectoption'),
  ddwtos: gapReader('dragbox'),
  // Embedded answers: `cloze` in Moodle's XML, `multianswer` its qtype's name.
  cloze: (_question, html, language) => readCloze(html, language),
  multianswer: (_question, html, language) => readCloze(html, language),
};
