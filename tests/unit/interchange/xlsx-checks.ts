import { expect } from 'vitest';
import { ANSWER_TYPES } from '../../../src/common/questions/registry';
import type { InterchangeItem } from '../../../src/server/interchange/interchange-item';

/** A key without its part ids (the sheet does not carry them). */
export const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => k !== 'id' && k !== 'right_id')
            .map(([k, v]) => [k, withoutIds(v)]),
        )
      : value;

/** The item was read without problems, into a key its answer type accepts. */
export function expectValid(item: InterchangeItem) {
  expect(item.problems).toEqual([]);
  const { answer_type, answer_key } = item.question!;
  const parsed = ANSWER_TYPES[answer_type].definition.safeParse(answer_key);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
}
