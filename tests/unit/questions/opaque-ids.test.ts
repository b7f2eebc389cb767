import { describe, expect, it } from 'vitest';
import {
  ANSWER_KINDS,
  ANSWER_TYPES,
  encodeDefinition,
  renameAnswerIds,
  scoreAnswer,
  seededShuffle,
  studentView,
  validateAnswer,
} from '../../../src/common/questions';
import { attemptIdCodec } from '../../../src/server/delivery/opaque-ids';
import { answerOf, authorIdsIn, between, definitionOf, random } from './generators';

const RUNS = 300;
const seedOf = (rnd: () => number) =>
  Array.from({ length: 4 }, () => Math.floor(rnd() * 2 ** 32).toString(16)).join('');

/** The ids a student's view offers, wherever they are (an `id` field or a right's `right_id`). */
function viewIds(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((entry) => viewIds(entry, found));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      if (key === 'id' && typeof entry === 'string') found.add(entry);
      else viewIds(entry, found);
    }
  return found;
}

/** The student's ids an answer names (keys and values shaped like one). */
function opaqueIn(value: unknown, found: string[] = []): string[] {
  const opaque = (text: string) => /^[A-Za-z0-9_-]{16}$/.test(text) && text !== 'duration_seconds';
  if (typeof value === 'string' && opaque(value)) found.push(value);
  else if (Array.isArray(value)) value.forEach((entry) => opaqueIn(entry, found));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      if (opaque(key)) found.push(key);
      opaqueIn(entry, found);
    }
  return found;
}

describe('opaque answer-part ids (issue 23, "by id")', () => {
  it.each(ANSWER_KINDS)(
    '%s: the student view holds no author id, and answers go there and back with the same score',
    (kind) => {
      for (let run = 0; run < RUNS; run++) {
        const rnd = random(run * 7919 + kind.length);
        const def = definitionOf(kind, rnd);
        const authorIds = authorIdsIn(def);
        const codec = attemptIdCodec(seedOf(rnd), between(rnd, 1, 10_000), kind, def);
        const shown = encodeDefinition(kind, def, codec);
        const shuffle = rnd() < 0.5 ? seededShuffle(seedOf(rnd)) : undefined;
        const view = JSON.stringify(studentView(kind, shown, shuffle));
        for (const id of authorIds) expect(view, `${kind} run ${run}`).not.toContain(id);

        const answer = answerOf(kind, def, rnd);
        const sent = renameAnswerIds(kind, def, answer, codec, 'encode');
        expect(authorIdsIn(sent), `${kind} run ${run}`).toEqual(new Set());
        // What the student sends names only ids their view shows.
        const offered = viewIds(JSON.parse(view));
        for (const id of opaqueIn(sent)) expect(offered.has(id), `${kind} run ${run}: ${id}`).toBe(true);

        const back = renameAnswerIds(kind, def, sent, codec, 'decode');
        expect(back).toEqual(answer);
        expect(validateAnswer(kind, def, back)).toEqual(validateAnswer(kind, def, answer));
        for (const option of ['all_or_nothing', 'partial'])
          expect(scoreAnswer(kind, def, back, 4, option)).toEqual(scoreAnswer(kind, def, answer, 4, option));
        // Scored against the renamed definition, the student's own answer scores the same.
        const total = ({ score, max, needs_manual, reason }: ReturnType<typeof scoreAnswer>) => ({
          score,
          max,
          needs_manual,
          reason,
        });
        expect(total(scoreAnswer(kind, shown, sent, 4, 'partial'))).toEqual(
          total(scoreAnswer(kind, def, answer, 4, 'partial')),
        );
      }
    },
  );

  it.each(ANSWER_KINDS.filter((kind) => !['true_false', 'essay', 'audio_response'].includes(kind)))(
    "%s: an answer in the author's ids, or in another attempt's, is not read as one",
    (kind) => {
      for (let run = 0; run < RUNS; run++) {
        const rnd = random(run * 104_729 + kind.length);
        const def = definitionOf(kind, rnd);
        const answer = answerOf(kind, def, rnd);
        if (authorIdsIn(answer).size === 0) continue;
        const mine = attemptIdCodec(seedOf(rnd), 7, kind, def);
        const theirs = attemptIdCodec(seedOf(rnd), 7, kind, def);
        for (const foreign of [answer, renameAnswerIds(kind, def, answer, theirs, 'encode')]) {
          const read = renameAnswerIds(kind, def, foreign, mine, 'decode');
          // Refused, unless it said nothing anyway (a matching with every left unmatched).
          if (!ANSWER_TYPES[kind].isEmpty(read))
            expect(validateAnswer(kind, def, read), `${kind} run ${run}`).not.toEqual([]);
          expect(scoreAnswer(kind, def, read, 4, 'partial').score).toBe(0);
        }
      }
    },
  );

  it('gives each attempt, question and scope its own ids, the same ones every time', () => {
    const def = definitionOf('paragraph', random(3));
    const ids = (seed: string, question: number) =>
      JSON.stringify(encodeDefinition('paragraph', def, attemptIdCodec(seed, question, 'paragraph', def)));
    expect(ids('a'.repeat(64), 1)).toBe(ids('a'.repeat(64), 1));
    expect(ids('a'.repeat(64), 1)).not.toBe(ids('b'.repeat(64), 1));
    expect(ids('a'.repeat(64), 1)).not.toBe(ids('a'.repeat(64), 2));
    const codec = attemptIdCodec('c'.repeat(64), 1, 'paragraph', def);
    expect(codec.encode('AUTHORo1', 'AUTHORk1')).not.toBe(codec.encode('AUTHORo1', 'AUTHORk2'));
    expect(codec.encode('AUTHORo1', '')).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('leaves answers of any other shape for validation to refuse, and never throws', () => {
    const def = definitionOf('matching', random(9));
    const codec = attemptIdCodec('d'.repeat(64), 1, 'matching', def);
    for (const odd of [null, 3, 'x', [], { matches: 'x' }, { matches: [1] }, { other: 1 }, { matches: { a: 5 } }]) {
      const read = renameAnswerIds('matching', def, odd, codec, 'decode');
      expect(validateAnswer('matching', def, read).length + (odd === null ? 1 : 0)).toBeGreaterThan(0);
    }
  });
});
