/**
 * A value a function must refuse, passed where its type says it cannot go: the one escape from the
 * types a test of a refusal needs, named so it reads as meant (`invalid<ExamInput['delivery_mode']>('sometimes')`).
 */
export const invalid = <T>(value: unknown) => value as T;
