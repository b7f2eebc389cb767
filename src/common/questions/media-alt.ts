import { QM } from '../../../schemas/parts/question-messages';

/**
 * A question's picture needs its text alternative (WCAG 1.1.1). Checked when a question is saved
 * (the form before sending, the server on every write), not when one is read: questions written
 * before the field existed still load, and get one when next edited.
 */
export function mediaAltIssue(question: { media_type?: unknown; media_alt?: unknown }): string | null {
  const alt = typeof question.media_alt === 'string' ? question.media_alt.trim() : '';
  return question.media_type === 'image' && alt === '' ? QM.mediaAltRequired : null;
}
