import { createHmac } from 'node:crypto';
import { answerPartIds, codecFor, UNKNOWN_ID, type IdCodec, type ScopedId } from '../../common/questions/index';

/** Characters of an id a student sees: 96 bits of base64url. */
const LENGTH = 16;

/**
 * The answer-part ids the student of an attempt sees for one question: the HMAC-SHA-256, keyed by
 * the attempt's secret seed (stored with the attempt, never sent), of the question, the scope and
 * the author's id. The same attempt always sees the same ids (a resume, the answers kept on the
 * student's computer); another attempt, another student or another question sees unrelated ones,
 * and none can be turned back into the author's without the seed.
 */
export function attemptIdCodec(seed: string, questionId: number, kind: string, definition: unknown): IdCodec {
  const encode = (id: string, scope: string) =>
    createHmac('sha256', seed).update(`${questionId}\u0000${scope}\u0000${id}`).digest('base64url').slice(0, LENGTH);
  if (definition === null || typeof definition !== 'object') return codecFor(encode, answerPartIds(kind, definition));
  const kept = keptDefinition(definition, kind);
  const attempt = `${questionId}\u0000${seed}`;
  // Built at the first decode (a view only encodes), then kept with the definition.
  const encodings = () => {
    let encoded = kept.encodings.get(attempt);
    if (!encoded) {
      encoded = kept.ids.map(({ id, scope }) => encode(id, scope));
      assertDistinct(kept.ids, encoded);
      kept.encodings.set(attempt, encoded);
    }
    return encoded;
  };
  return {
    encode,
    decode(id, scope) {
      const encoded = encodings();
      for (let i = 0; i < encoded.length; i++)
        if (encoded[i] === id && kept.ids[i]!.scope === scope) return kept.ids[i]!.id;
      return UNKNOWN_ID;
    },
  };
}

interface KeptDefinition {
  kind: string;
  ids: ScopedId[];
  /** Per attempt and question: each id's encoding, in the order of `ids`. */
  encodings: Map<string, string[]>;
}

const keptDefinitions = new WeakMap<object, KeptDefinition>();

/**
 * What decoding a definition's ids needs, kept as long as the definition object lives: delivery
 * keeps an exam's keys a minute in memory (answer-save.ts), so a student's saves within it decode
 * without computing an HMAC per answer part again (a tenth of a save's server time, issue 44). An
 * attempt's encodings are 16-character strings, a few hundred bytes a question.
 */
function keptDefinition(definition: object, kind: string): KeptDefinition {
  const kept = keptDefinitions.get(definition);
  if (kept?.kind === kind) return kept;
  const fresh = { kind, ids: answerPartIds(kind, definition), encodings: new Map<string, string[]>() };
  keptDefinitions.set(definition, fresh);
  return fresh;
}

/** Two ids encoded alike in one scope could not be read back: a broken encoding, never to be served. */
function assertDistinct(ids: readonly ScopedId[], encoded: readonly string[]) {
  const seen = new Map<string, string>();
  ids.forEach(({ scope, id }, i) => {
    const key = `${scope}\u0000${encoded[i]}`;
    if (seen.has(key) && seen.get(key) !== id) throw new Error('answer-part ids collide once encoded');
    seen.set(key, id);
  });
}
