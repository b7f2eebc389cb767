/**
 * The compact form of an attempt's item scores and choices kept with its result
 * (`exam_attempts.item_scores`, `item_choices`): `question:value;question:value`. Question ids are
 * numbers and option ids [A-Za-z0-9_-], so the separators cannot occur inside a cell. A choice is
 * the option chosen, true/false's value, or the JSON list of a multiple choice: what the database
 * gives for `answer ->> 'option_id' | 'value' | 'option_ids'`, so stored and computed cells agree.
 */
export const CHOICE_TYPES: readonly string[] = ['single_choice', 'multiple_choice', 'true_false'];

/** `question:score;...` of an attempt's final question scores. */
export function itemScoresText(scores: Map<number, number>): string {
  return [...scores].map(([question, score]) => `${question}:${score}`).join(';');
}

/** The choice cell of an answer to a choice question ('' when it chose nothing). */
export function choiceCell(answer: unknown): string {
  const value = answer as { option_id?: unknown; value?: unknown; option_ids?: unknown } | null;
  if (!value || typeof value !== 'object') return '';
  if (typeof value.option_id === 'string') return value.option_id;
  if (typeof value.value === 'boolean' || typeof value.value === 'string') return String(value.value);
  if (Array.isArray(value.option_ids)) return JSON.stringify(value.option_ids);
  return '';
}

/** `question:choice;...` of an attempt's answers to choice questions (answered ones only). */
export function itemChoicesText(
  questions: readonly { id: number; answer_type: string }[],
  answers: Map<number, unknown>,
): string {
  return questions
    .filter((question) => CHOICE_TYPES.includes(question.answer_type) && answers.has(question.id))
    .map((question) => `${question.id}:${choiceCell(answers.get(question.id))}`)
    .join(';');
}

/** The option ids of a choice cell. */
export function choiceIds(cell: string): string[] {
  return cell.startsWith('[') ? (cell.match(/[A-Za-z0-9_-]+/g) ?? []) : [cell];
}

/**
 * Calls `each(question, value)` for each `question:value` cell of `text`; a value may itself hold
 * a colon (`question:score:choice` cells give `score:choice`). Read by hand, without splitting into
 * arrays: ten thousand attempts by forty questions.
 */
export function readCells(text: string, each: (question: number, value: string) => void): void {
  for (let at = 0; at < text.length;) {
    const next = text.indexOf(';', at);
    const end = next === -1 ? text.length : next;
    const colon = text.indexOf(':', at);
    if (colon > at && colon < end) each(Number(text.slice(at, colon)), text.slice(colon + 1, end));
    at = end + 1;
  }
}

/**
 * Calls `each(question, score)` for each `question:score` cell of `text`, reading the digits where
 * they are (no substrings): four hundred thousand cells for ten thousand attempts by forty
 * questions. A score in any other form than digits with an optional point falls back to `Number`.
 */
export function readScoreCells(text: string, each: (question: number, score: number) => void): void {
  const length = text.length;
  let at = 0;
  while (at < length) {
    let question = 0;
    let code = text.charCodeAt(at);
    while (code >= 48 && code <= 57) {
      question = question * 10 + (code - 48);
      code = text.charCodeAt(++at);
    }
    if (code !== 58) {
      // Not `question:`: skip the cell.
      const next = text.indexOf(';', at);
      at = next === -1 ? length : next + 1;
      continue;
    }
    const start = ++at;
    let whole = 0;
    let fraction = 0;
    let scale = 1;
    let point = false;
    let plain = true;
    for (code = text.charCodeAt(at); at < length && code !== 59; code = text.charCodeAt(++at)) {
      if (code >= 48 && code <= 57) {
        if (point) {
          fraction = fraction * 10 + (code - 48);
          scale *= 10;
        } else whole = whole * 10 + (code - 48);
      } else if (code === 46 && !point) point = true;
      else plain = false;
    }
    each(question, plain ? whole + fraction / scale : Number(text.slice(start, at)));
    at++;
  }
}
