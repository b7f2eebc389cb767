import type { Element } from '@xmldom/xmldom';
import { isElement } from '../markup';
import { attr, qtiChildren, qtiDescendants, qtiName } from './qti-dom';

const elements = (parent: Element): Element[] => {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) if (isElement(node)) out.push(node);
  return out;
};
const isVariable = (el: Element | undefined, identifier: string) =>
  el !== undefined && qtiName(el) === 'qti-variable' && attr(el, 'identifier') === identifier;
const baseValues = (el: Element) => qtiChildren(el, 'qti-base-value').map((v) => (v.textContent ?? '').trim());

/**
 * The other orders an order interaction accepts, as packages made here write them (issue 41): for
 * all or nothing, `qti-match` of the response with a `qti-ordered` list; for partial credit, the
 * conditions that count each position of an order into its own outcome (ORDER_2, ORDER_3, ...;
 * ORDER_1 is the correct response). Only whole orders of `ids` are kept; the correct one and
 * repeats are left out.
 */
export function otherOrders(interaction: Element, response: string, correct: string[]): string[][] {
  const root = interaction.ownerDocument?.documentElement;
  const processing = root ? qtiDescendants(root, (n) => n === 'qti-response-processing')[0] : undefined;
  if (!processing) return [];
  const found: string[][] = [];
  for (const match of qtiDescendants(processing, (n) => n === 'qti-match')) {
    const [left, right] = elements(match);
    if (isVariable(left, response) && right && qtiName(right) === 'qti-ordered') found.push(baseValues(right));
  }
  const byOutcome = new Map<string, string[]>();
  for (const condition of qtiDescendants(processing, (n) => n === 'qti-response-if')) {
    const [test, set] = elements(condition);
    const outcome = set && qtiName(set) === 'qti-set-outcome-value' ? attr(set, 'identifier') : null;
    if (!test || !outcome || !/^ORDER_\d+$/.test(outcome) || outcome === 'ORDER_1' || qtiName(test) !== 'qti-match')
      continue;
    const [index, value] = elements(test);
    const n = index && qtiName(index) === 'qti-index' ? Number(attr(index, 'n')) : NaN;
    if (!Number.isInteger(n) || n < 1 || !isVariable(elements(index)[0], response) || !value) continue;
    const order = byOutcome.get(outcome) ?? [];
    order[n - 1] = (value.textContent ?? '').trim();
    byOutcome.set(outcome, order);
  }
  // An order missing a position is no order (Array.from fills the gap with undefined).
  found.push(...[...byOutcome.values()].map((order) => Array.from(order)));
  const key = (order: string[]) => order.join(' ');
  const seen = new Set([key(correct)]);
  return found.filter((order) => {
    const whole =
      order.length === correct.length &&
      order.every((id) => typeof id === 'string') &&
      new Set(order).size === correct.length &&
      order.every((id) => correct.includes(id));
    if (!whole || seen.has(key(order))) return false;
    seen.add(key(order));
    return true;
  });
}
