import type { AnswerType } from './answer-type';
import type { AnswerKind } from '../../../schemas/parts/question-kinds';
import { isRecord } from './answer-input';
import { CHILD_ANSWER_TYPES } from './child-types';
import { typeOf } from './dispatch';
import { renameField } from './rename-parts';
import { ANSWER_TYPES } from './registry';
import type { ParagraphDefinition } from './types/paragraph';

/*
 * Students never see the ids an author chose (`r1..r4` in answer order, nouns `w1-3`, verbs
 * `w4-6`): delivery renames every answer-part id of a question for each attempt, and renames the
 * attempt's answers back before checking, storing and scoring them, so everything after delivery
 * (correction, reports, item analysis) reads the author's ids.
 *
 * A paragraph's related questions each have their own ids, which may repeat between them: their
 * parts are renamed in the related question's scope (its author id); the related questions' own
 * ids are in the question's scope ('').
 */

/** Renames one question's answer-part ids, in scopes. */
export interface IdCodec {
  /** The id a student sees for an author's id. */
  encode(id: string, scope: string): string;
  /** The author's id for an id a student sent, or `UNKNOWN_ID` when it names nothing in that scope. */
  decode(id: string, scope: string): string;
}

export interface ScopedId {
  scope: string;
  id: string;
}

const QUESTION_SCOPE = '';

/**
 * What an id that names nothing is read as: not a valid id (so the answer is refused as "not
 * valid"), and not blank (a blank would read as "not answered yet").
 */
export const UNKNOWN_ID = '?';

type Kind = AnswerKind | string;

const childOf = (def: ParagraphDefinition, authorId: string) => def.children.find((c) => c.id === authorId);
const childType = (kind: string): AnswerType | undefined => typeOf(CHILD_ANSWER_TYPES, kind);

/** Every answer-part id of a stored (author's) definition, with its scope. */
export function answerPartIds(kind: Kind, definition: unknown): ScopedId[] {
  if (kind === 'paragraph') {
    const def = definition as ParagraphDefinition;
    return def.children.flatMap((c) => [
      { scope: QUESTION_SCOPE, id: c.id },
      ...(childType(c.kind)?.ids?.list(c.definition) ?? []).map((id) => ({ scope: c.id, id })),
    ]);
  }
  return (typeOf(ANSWER_TYPES, kind)?.ids?.list(definition) ?? []).map((id) => ({ scope: QUESTION_SCOPE, id }));
}

/** An author's definition with every answer-part id as a student sees it (content and key unchanged). */
export function encodeDefinition<D>(kind: Kind, definition: D, codec: IdCodec): D {
  if (kind === 'paragraph') {
    const def = definition as ParagraphDefinition;
    return {
      ...def,
      children: def.children.map((c) => ({
        ...c,
        id: codec.encode(c.id, QUESTION_SCOPE),
        definition: childType(c.kind)?.ids?.definition(c.definition, (id) => codec.encode(id, c.id)) ?? c.definition,
      })),
    } as D;
  }
  const ids = typeOf(ANSWER_TYPES, kind)?.ids;
  return ids ? (ids.definition(definition, (id) => codec.encode(id, QUESTION_SCOPE)) as D) : definition;
}

/**
 * Renames the ids of an answer to a question whose author's definition is `definition`: `encode`
 * turns a stored answer into the student's ids, `decode` a student's answer into the author's
 * (an id that names nothing becomes `UNKNOWN_ID`, which no answer accepts). Any shape is taken; what does
 * not fit the kind stays for validation to refuse.
 */
export function renameAnswerIds(
  kind: Kind,
  definition: unknown,
  answer: unknown,
  codec: IdCodec,
  direction: 'encode' | 'decode',
): unknown {
  const rename = (scope: string) => (id: string) =>
    direction === 'encode' ? codec.encode(id, scope) : codec.decode(id, scope);
  if (kind !== 'paragraph') {
    const ids = typeOf(ANSWER_TYPES, kind)?.ids;
    return ids ? ids.answer(answer, rename(QUESTION_SCOPE)) : answer;
  }
  const def = definition as ParagraphDefinition;
  return renameField(answer, 'children', (children) => {
    if (!isRecord(children)) return children;
    return Object.fromEntries(
      Object.entries(children).map(([key, value]) => {
        const renamed = rename(QUESTION_SCOPE)(key);
        const child = childOf(def, direction === 'encode' ? key : renamed);
        const ids = child && childType(child.kind)?.ids;
        return [renamed, ids ? ids.answer(value, rename(child.id)) : value] as const;
      }),
    );
  });
}

/**
 * A codec from an encoding and the ids it has to read back: decoding looks the student's id up
 * among the encodings of the definition's ids (nothing else decodes). The table is built at the
 * first decode: a view only encodes.
 */
export function codecFor(encode: IdCodec['encode'], ids: readonly ScopedId[]): IdCodec {
  let back: Map<string, string> | null = null;
  const table = () => {
    if (back) return back;
    back = new Map<string, string>();
    for (const { scope, id } of ids) {
      const key = `${scope}\u0000${encode(id, scope)}`;
      // Two ids encoded alike could not be read back: a broken encoding, never to be served.
      if (back.has(key) && back.get(key) !== id) throw new Error('answer-part ids collide once encoded');
      back.set(key, id);
    }
    return back;
  };
  return { encode, decode: (id, scope) => table().get(`${scope}\u0000${id}`) ?? UNKNOWN_ID };
}
