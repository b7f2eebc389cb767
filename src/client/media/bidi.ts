/**
 * U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE around a value put in a sentence:
 * it keeps its own direction (an Arabic word in an English label, a time in an Arabic one) and
 * does not reorder the words around it.
 */
export const isolate = (value: string | number): string => `\u2068${value}\u2069`;
