import type { Element } from '@xmldom/xmldom';
import type { ItemProblem } from '../interchange-item';
import { attr, qtiDescendants, qtiName } from './qti-dom';

/** Text shown only after an answer: its answer, or a verdict on it (issue 40). */
const FEEDBACK = new Set(['qti-modal-feedback', 'qti-feedback-inline', 'qti-feedback-block']);

/** A rubric block written for someone other than the candidate (a scorer, a tutor, an author). */
const notForCandidate = (el: Element) =>
  qtiName(el) === 'qti-rubric-block' && !(attr(el, 'view') ?? 'candidate').split(/\s+/).includes('candidate');

/**
 * Takes out of an item what a student must not see while answering: feedback (modal, inline,
 * block) and rubric blocks for other readers. Questions of ours have no place for either, so they
 * are dropped with a note; read as part of the stem or an option, they would teach the answer
 * ("That's right, an octahedron has 8 faces"). Returns the notes.
 */
export function dropFeedback(root: Element): ItemProblem[] {
  const feedback = qtiDescendants(root, (name) => FEEDBACK.has(name));
  const rubrics = qtiDescendants(root, () => true).filter(notForCandidate);
  for (const el of [...feedback, ...rubrics]) el.parentNode?.removeChild(el);
  return [
    ...(feedback.length > 0 ? [{ key: 'interchange.problems.feedback_dropped' }] : []),
    ...(rubrics.length > 0 ? [{ key: 'interchange.problems.rubric_dropped' }] : []),
  ];
}
