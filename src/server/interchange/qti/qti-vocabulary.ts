import type { Element } from '@xmldom/xmldom';
import { element } from '../markup';

/** QTI 3.0's namespace and schema, as its items, stimuli and tests declare them. */
export const QTI_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
export const QTI_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

/** The name packages made here give as their tool: their part identifiers are kept on import. */
export const TOOL_NAME = 'LTM Arabic Benchmark Assessment';

/** The root attributes every QTI document written here carries. */
export const rootAttributes = (identifier: string, title: string, language?: string) => ({
  xmlns: QTI_NS,
  'xmlns:xsi': XSI_NS,
  'xsi:schemaLocation': `${QTI_NS} ${QTI_SCHEMA}`,
  identifier,
  title,
  // An item and a stimulus say their language; the ASI schema gives a test none.
  ...(language ? { 'xml:lang': language } : {}),
});

/**
 * A part id (option, pair side, blank, item, category) as a QTI identifier. Ids may begin with a
 * digit, which an XML name may not: every one is written with a leading underscore, and read back
 * without it from packages made here.
 */
export const partIdentifier = (id: string) => `_${id}`;
export const partIdFrom = (identifier: string) => identifier.replace(/^_/, '');

/** Classes on the item body and interactions that say what QTI alone cannot (documented in docs/interchange.md). */
export const LTM_CLASS = {
  markPartial: 'ltm-mark-partial',
  markAllOrNothing: 'ltm-mark-all-or-nothing',
  trueFalse: 'ltm-true-false',
  categorizing: 'ltm-categorizing',
  questionText: 'ltm-question-text',
  passage: 'ltm-passage',
  instructionAudio: 'ltm-instruction-audio',
  blank: 'ltm-blank',
  /** The block that holds a question's picture or sound (the ASI schema takes no bare `img` in a body). */
  media: 'ltm-media',
  /** A passage's body: its direction and mark option (the ASI schema gives `qti-stimulus-body` neither). */
  stimulus: 'ltm-stimulus',
} as const;

/**
 * Limits QTI has no attribute for, as numbered classes in QTI 3's own manner (`qti-height-lines-6`):
 * the ASI schema takes no `data-*` attribute of ours on an interaction or a sound.
 */
export const LTM_LIMIT = {
  maxWords: 'ltm-max-words-',
  maxDuration: 'ltm-max-duration-',
  maxPlays: 'ltm-max-plays-',
} as const;

/** A numbered class (`ltm-max-words-50`) for a positive limit; undefined when there is none. */
export const limitClass = (prefix: string, value: number | undefined) =>
  value !== undefined && value > 0 ? `${prefix}${value}` : undefined;

/**
 * A limit an element states: its numbered class, else the `data-*` attribute packages made here
 * before carried; undefined when it states none.
 */
export function limitOf(el: Element | undefined, prefix: string, attribute: string): number | undefined {
  if (!el) return undefined;
  const token = (el.getAttribute('class') ?? '').split(/\s+/).find((c) => c.startsWith(prefix));
  // Digits only (never `0x10`, `1e2` or `5.0`); a class that says none leaves the attribute to say it.
  const positive = (text: string | null | undefined) =>
    text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
  return positive(token?.slice(prefix.length)) ?? positive(el.getAttribute(attribute));
}

const float = (value: number) => element('qti-base-value', { 'base-type': 'float' }, String(value));
const variable = (identifier: string) => element('qti-variable', { identifier });
const defaultValue = (v: number) => element('qti-default-value', {}, element('qti-value', {}, String(v)));

/** SCORE and MAXSCORE: the question's mark is SCORE's normal maximum and MAXSCORE's value. */
export function outcomeDeclarations(mark: number, humanScored: boolean): string {
  const value = defaultValue;
  return (
    element(
      'qti-outcome-declaration',
      {
        identifier: 'SCORE',
        cardinality: 'single',
        'base-type': 'float',
        'normal-maximum': mark,
        'external-scored': humanScored ? 'human' : undefined,
      },
      value(0),
    ) +
    element(
      'qti-outcome-declaration',
      { identifier: 'MAXSCORE', cardinality: 'single', 'base-type': 'float' },
      value(mark),
    )
  );
}

/** SCORE (or `outcome`) := itself + `points` when `condition` holds. */
export const addWhen = (condition: string, points: number, outcome = 'SCORE') =>
  element(
    'qti-response-condition',
    {},
    element(
      'qti-response-if',
      {},
      condition +
        element(
          'qti-set-outcome-value',
          { identifier: outcome },
          element('qti-sum', {}, variable(outcome) + float(points)),
        ),
    ),
  );

/** An outcome of the item's own scoring, a number from 0 (one accepted order's score, say). */
export const workingOutcome = (identifier: string) =>
  element('qti-outcome-declaration', { identifier, cardinality: 'single', 'base-type': 'float' }, defaultValue(0));

/** SCORE := the largest of the outcomes. */
export const scoreIsMaxOf = (outcomes: string[]) =>
  element('qti-set-outcome-value', { identifier: 'SCORE' }, element('qti-max', {}, outcomes.map(variable).join('')));

/** The ordered response is exactly `identifiers`, in that order. */
export const matchesOrder = (response: string, identifiers: string[]) =>
  element(
    'qti-match',
    {},
    variable(response) +
      element(
        'qti-ordered',
        {},
        identifiers.map((id) => element('qti-base-value', { 'base-type': 'identifier' }, id)).join(''),
      ),
  );

/** Any of the conditions holds. */
export const anyOf = (conditions: string[]) =>
  conditions.length === 1 ? conditions[0] : element('qti-or', {}, conditions.join(''));

/** The response equals its declared correct response. */
export const matchesCorrect = (response: string) =>
  element('qti-match', {}, variable(response) + element('qti-correct', { identifier: response }));

/** The response's n-th entry (1-based) is `identifier`. */
export const entryIs = (response: string, n: number, identifier: string) =>
  element(
    'qti-match',
    {},
    element('qti-index', { n }, variable(response)) +
      element('qti-base-value', { 'base-type': 'identifier' }, identifier),
  );

/** SCORE := the sum of the responses' mapped values (partial credit declared in their mappings). */
export const sumOfMappings = (responses: string[]) =>
  element(
    'qti-set-outcome-value',
    { identifier: 'SCORE' },
    responses.length === 1
      ? element('qti-map-response', { identifier: responses[0] })
      : element(
          'qti-sum',
          {},
          responses.map((r) => element('qti-map-response', { identifier: r })),
        ),
  );

export const processing = (rules: string) => element('qti-response-processing', {}, rules);

/** A mapping: each key worth `points`, anything else `otherwise`, the sum kept within 0..mark. */
export const mapping = (
  entries: [string, number][],
  mark: number,
  options: { otherwise?: number; caseSensitive?: boolean } = {},
) =>
  element(
    'qti-mapping',
    { 'default-value': options.otherwise ?? 0, 'lower-bound': 0, 'upper-bound': mark },
    entries.map(([key, points]) =>
      element('qti-map-entry', {
        'map-key': key,
        'mapped-value': points,
        'case-sensitive': options.caseSensitive === false ? 'false' : undefined,
      }),
    ),
  );

/** A response declaration with its correct values (and a mapping, for partial credit). */
export const responseDeclaration = (
  identifier: string,
  cardinality: 'single' | 'multiple' | 'ordered',
  baseType: string,
  correct: string[],
  extra = '',
) =>
  element(
    'qti-response-declaration',
    { identifier, cardinality, 'base-type': baseType },
    (correct.length > 0
      ? element(
          'qti-correct-response',
          {},
          correct.map((v) => element('qti-value', {}, v)),
        )
      : '') + extra,
  );

/** Marks shared over parts, to the cent, the last part taking what rounding left. */
export function shares(mark: number, parts: number): number[] {
  const each = Math.floor((mark / parts) * 10000) / 10000;
  return Array.from({ length: parts }, (_, i) =>
    i === parts - 1 ? Number((mark - each * (parts - 1)).toFixed(4)) : each,
  );
}
