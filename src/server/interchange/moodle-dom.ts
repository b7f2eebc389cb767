import type { Element } from '@xmldom/xmldom';

/*
 * Reading Moodle XML's few shapes: a field is a child element, a text is the `<text>` child of
 * one (Moodle writes rich text in CDATA, which the parser gives back as text).
 */

/** The direct child elements of `parent`, all or those named `name`. */
export function childElements(parent: Element, name?: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (!name || node.nodeName === name)) found.push(node as Element);
  }
  return found;
}

/** The first direct child element named `name`. */
export const childElement = (parent: Element, name: string): Element | undefined => childElements(parent, name)[0];

/** The text content of a direct child (`''` when absent). */
export const fieldText = (parent: Element, name: string): string => childElement(parent, name)?.textContent ?? '';

/** The text of an element's `<text>` child (`''` when absent). */
export const textOf = (element: Element | undefined): string => (element ? fieldText(element, 'text') : '');

/** The text format an element declares (Moodle's `format` attribute). */
export const formatOf = (element: Element | undefined): string | null => element?.getAttribute('format') ?? null;
