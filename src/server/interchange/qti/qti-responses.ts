import type { Element } from '@xmldom/xmldom';
import type { MarkOption } from '../../../../schemas/parts/question-kinds';
import { attr, hasClass, qtiChildren, qtiDescendants, qtiFirst, valuesOf } from './qti-dom';
import { LTM_CLASS } from './qti-vocabulary';

/** A response declaration as read: its correct values and its mapping's keys. */
export interface Response {
  cardinality: string;
  baseType: string;
  correct: string[];
  mapped: Map<string, number>;
  upperBound?: number;
}

/** The item's response declarations, by identifier. */
export function responsesOf(root: Element): Map<string, Response> {
  const out = new Map<string, Response>();
  for (const declaration of qtiChildren(root, 'qti-response-declaration')) {
    const mappingEl = qtiFirst(declaration, 'qti-mapping');
    const mapped = new Map<string, number>();
    for (const entry of mappingEl ? qtiChildren(mappingEl, 'qti-map-entry') : [])
      mapped.set(attr(entry, 'map-key') ?? '', Number(attr(entry, 'mapped-value') ?? 0));
    const upper = mappingEl ? attr(mappingEl, 'upper-bound') : null;
    out.set(attr(declaration, 'identifier') ?? '', {
      cardinality: attr(declaration, 'cardinality') ?? 'single',
      baseType: attr(declaration, 'base-type') ?? '',
      correct: valuesOf(qtiFirst(declaration, 'qti-correct-response')),
      mapped,
      upperBound: upper === null ? undefined : Number(upper),
    });
  }
  return out;
}

const positive = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0;

/**
 * The question's mark: MAXSCORE's value, or SCORE's normal maximum (as packages made here write
 * both); else what the mappings can give; else 1 (match_correct's score).
 */
export function markOf(root: Element, responses: Map<string, Response>): number {
  for (const outcome of qtiChildren(root, 'qti-outcome-declaration')) {
    const id = attr(outcome, 'identifier');
    const value = Number(valuesOf(qtiFirst(outcome, 'qti-default-value'))[0]);
    if (id === 'MAXSCORE' && positive(value)) return round2(value);
    const maximum = Number(attr(outcome, 'normal-maximum'));
    if (id === 'SCORE' && positive(maximum)) return round2(maximum);
  }
  let fromMappings = 0;
  for (const response of responses.values()) {
    const gains = [...response.mapped.values()].filter((v) => v > 0);
    // One value can be given to a single response (its best key); a container collects several.
    const best = response.cardinality === 'single' ? Math.max(0, ...gains) : gains.reduce((a, b) => a + b, 0);
    fromMappings += positive(response.upperBound) ? Math.min(best, response.upperBound) : best;
  }
  return positive(fromMappings) ? round2(fromMappings) : 1;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Whether a response's mapping gives its right answers different values (3 points for one pair,
 * 1 for another): our partial marking gives each an equal share, so the item says so (issue 40).
 */
export const unequalWeights = (responses: Map<string, Response>): boolean =>
  [...responses.values()].some((response) => new Set([...response.mapped.values()].filter((v) => v > 0)).size > 1);

/**
 * All or nothing, or partial: said by the body's class in packages made here; else partial when
 * scoring maps responses (map_response, or a mapping used) or adds points condition by condition.
 */
export function markOptionOf(root: Element): MarkOption {
  const body = qtiFirst(root, 'qti-item-body');
  if (hasClass(body, LTM_CLASS.markPartial)) return 'partial';
  if (hasClass(body, LTM_CLASS.markAllOrNothing)) return 'all_or_nothing';
  const processing = qtiFirst(root, 'qti-response-processing');
  if (!processing) return 'all_or_nothing';
  if (/map_response/.test(attr(processing, 'template') ?? '')) return 'partial';
  if (qtiDescendants(processing, (n) => n === 'qti-map-response').length > 0) return 'partial';
  return qtiChildren(processing, 'qti-response-condition').length > 1 ? 'partial' : 'all_or_nothing';
}
