import type { Element, Node } from '@xmldom/xmldom';
import { isElement } from '../markup';

/**
 * QTI 3.0 names elements and attributes in kebab case with a `qti-` prefix; QTI 2.x in camel case
 * (`choiceInteraction`, `responseIdentifier`). Readers ask for QTI 3 names and find either.
 */
const QTI2_LOWERCASE = new Set([
  'prompt',
  'value',
  'gap',
  'mapping',
  'correct',
  'variable',
  'match',
  'sum',
  'and',
  'index',
]);

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** An element's name in QTI 3 spelling (XHTML names unchanged). */
export function qtiName(el: Element): string {
  const name = el.localName ?? el.nodeName;
  if (name.startsWith('qti-')) return name;
  if (/[A-Z]/.test(name) || QTI2_LOWERCASE.has(name)) return `qti-${kebab(name)}`;
  return name;
}

/** An attribute by its QTI 3 name, or its QTI 2 camel-case spelling. */
export function attr(el: Element, name: string): string | null {
  if (el.hasAttribute(name)) return el.getAttribute(name);
  const camel = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return el.hasAttribute(camel) ? el.getAttribute(camel) : null;
}

export function qtiChildren(parent: Node, name: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling)
    if (isElement(node) && qtiName(node) === name) out.push(node);
  return out;
}

export function qtiDescendants(parent: Node, test: (name: string) => boolean): Element[] {
  const out: Element[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!isElement(child)) continue;
      if (test(qtiName(child))) out.push(child);
      walk(child);
    }
  };
  walk(parent);
  return out;
}

export const qtiFirst = (parent: Node, name: string) => qtiDescendants(parent, (n) => n === name)[0];

/** Whether an element's class list holds `name`. */
export const hasClass = (el: Element | undefined, name: string) =>
  !!el && (el.getAttribute('class') ?? '').split(/\s+/).includes(name);

/** The values of an element's `qti-value` children (a correct response, a default value). */
export const valuesOf = (el: Element | undefined): string[] =>
  el ? qtiChildren(el, 'qti-value').map((v) => (v.textContent ?? '').trim()) : [];
