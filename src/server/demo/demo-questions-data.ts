import type { AnswerKind } from '../../common/questions/index';
import type { SkillKey } from './demo-lookups-data';

/** One demo question before its lookups are filled in. */
export interface DemoQuestion {
  kind: AnswerKind;
  skill: SkillKey;
  text: string;
  mark: number;
  markOption: 'all_or_nothing' | 'partial';
  media?: 'picture' | 'tones';
  replays?: number;
  answerKey: unknown;
}

export const p = (text: string) => `<p>${text}</p>`;
