import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answersSaved } from '../../src/common/contracts/index';
import { compiledSerializer, ResponseContractError } from '../../src/server/http/response-serializer';

const schema = z.strictObject({
  data: z.strictObject({
    id: z.number(),
    name: z.string(),
    when: z.string(),
    parent: z.strictObject({ id: z.number() }).nullable(),
    score: z.number().nullable(),
    extra: z.unknown(),
    note: z.string().optional(),
  }),
});
const answer = {
  data: { id: 1, name: 'قراءة', when: new Date('2026-06-05T09:00:00Z'), parent: null, score: 2.5, extra: { a: [1] } },
};
const compile = (checked: boolean, s: z.ZodType = schema) => compiledSerializer(checked)({ schema: s, url: '/x' });

describe('the compiled response serializer', () => {
  it('writes what JSON.stringify writes for an answer its schema describes (dates as ISO text)', () => {
    for (const checked of [false, true])
      expect(JSON.parse(compile(checked)(answer))).toEqual(JSON.parse(JSON.stringify(answer)));
    const saved = {
      data: { saved: [{ question_id: 3, seq: 4 }], server_time: 'x', deadline_at: 'y', extra_seconds: 0 },
    };
    expect(compile(true, z.strictObject({ data: answersSaved }))(saved)).toBe(JSON.stringify(saved));
  });

  it('never sends a key its schema does not name (production)', () => {
    const leaky = { data: { ...answer.data, password_hash: 'secret', parent: { id: 2, secret: 1 } } };
    const text = compile(false)(leaky);
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).data.parent).toEqual({ id: 2 });
  });

  it('refuses, where checked (tests, development), an answer that differs from its schema', () => {
    const refused = (data: unknown) => expect(() => compile(true)(data)).toThrow(ResponseContractError);
    refused({ data: { ...answer.data, password_hash: 'secret' } }); // a key the schema does not name
    refused({ data: { ...answer.data, parent: { id: 2, secret: 1 } } }); // ... in a nested record
    const { name, ...nameless } = answer.data;
    void name;
    refused({ data: nameless }); // a key it requires
    refused({ data: { ...answer.data, score: '2.50' } }); // a number as text (a numeric column)
    // Where not checked, the same answer is written as its schema says, or fails (500): never sent as is.
    expect(() => compile(false)({ data: { ...answer.data, score: '2.50' } })).toThrow();
  });
});
