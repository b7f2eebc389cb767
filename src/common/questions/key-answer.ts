import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import type { AnswerDefinitions, Answers } from './definitions';

/**
 * The answer that earns a question's whole mark, in a student's answer shape with the author's ids:
 * what an author's preview shows filled in, so the key is read as a student would give it.
 * Null for the kinds a person marks (essay, audio response), which have no such answer.
 */
export function keyAnswer(kind: AnswerKind, definition: unknown): Answers[AnswerKind] | null {
  switch (kind) {
    case 'single_choice': {
      const def = definition as AnswerDefinitions['single_choice'];
      const right = def.options.find((o) => o.correct);
      return right ? { option_id: right.id } : null;
    }
    case 'multiple_choice':
      return {
        option_ids: (definition as AnswerDefinitions['multiple_choice']).options
          .filter((o) => o.correct)
          .map((o) => o.id),
      };
    case 'true_false':
      return { value: (definition as AnswerDefinitions['true_false']).correct };
    case 'fill_blanks':
      return {
        blanks: Object.fromEntries(
          (definition as AnswerDefinitions['fill_blanks']).blanks.map((b) => [b.id, b.answer] as const),
        ),
      };
    case 'reordering':
      return { order: (definition as AnswerDefinitions['reordering']).items.map((item) => item.id) };
    case 'matching':
      return {
        matches: Object.fromEntries(
          (definition as AnswerDefinitions['matching']).pairs.map((p) => [p.id, p.right_id] as const),
        ),
      };
    case 'categorizing':
      return {
        placements: Object.fromEntries(
          (definition as AnswerDefinitions['categorizing']).categories.flatMap((c) =>
            c.options.map((o) => [o.id, c.id] as const),
          ),
        ),
      };
    case 'paragraph':
      return {
        children: Object.fromEntries(
          (definition as AnswerDefinitions['paragraph']).children.map((c) => [c.id, keyAnswer(c.kind, c.definition)]),
        ),
      };
    case 'essay':
    case 'audio_response':
      return null;
  }
}
