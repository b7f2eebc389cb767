import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

/** Escapes text for XML content and attribute values. */
export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Attributes = Record<string, string | number | boolean | undefined | null>;

/** An element as XML text: attributes left out when undefined or null; `children` already XML. */
export function element(name: string, attributes: Attributes = {}, children: string | string[] = ''): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  const inner = Array.isArray(children) ? children.join('') : children;
  return inner === '' ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;

/** Elements whose content is never text (dropped with what they hold). */
const DROPPED = new Set(['script', 'style', 'template']);

/** HTML's void elements: never an end tag, never content. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Serializes nodes as markup without namespaces: the same walk turns stored HTML into XHTML for a
 * package (`selfClose`) and a package's XHTML back into HTML for the sanitizer. Only elements and
 * text survive (comments and processing instructions are dropped); `skip` leaves out elements the
 * caller reads itself (interactions).
 */
export function serializeNodes(
  first: Node | null,
  options: {
    selfClose: boolean;
    skip?: (element: Element) => boolean;
    replace?: (element: Element) => string | undefined;
  },
): string {
  let out = '';
  for (let node = first; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_NODE) {
      out += escapeXml(node.nodeValue ?? '').replace(/&quot;/g, '"');
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    const name = (el.localName ?? el.nodeName).toLowerCase();
    if (DROPPED.has(name) || options.skip?.(el)) continue;
    const replacement = options.replace?.(el);
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    let attrs = '';
    for (let i = 0; i < el.attributes.length; i++) {
      const attribute = el.attributes.item(i)!;
      if (attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:')) continue;
      attrs += ` ${attribute.localName ?? attribute.name}="${escapeXml(attribute.value)}"`;
    }
    // HTML reads `</br>` as a second line break: a void element has no end tag there (issue 40).
    if (!options.selfClose && VOID_ELEMENTS.has(name)) {
      out += `<${name}${attrs}>`;
      continue;
    }
    const inner = serializeNodes(el.firstChild, options);
    out += inner === '' && options.selfClose ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
  }
  return out;
}

/** Stored (sanitized) HTML as XHTML, for a QTI item body. */
export function htmlToXhtml(html: string): string {
  const document = new DOMParser({ onError: () => undefined }).parseFromString(
    `<!DOCTYPE html><html><body><div>${html}</div></body></html>`,
    'text/html',
  );
  const holder = document.getElementsByTagName('div')[0];
  return holder ? serializeNodes(holder.firstChild, { selfClose: true }) : escapeXml(html);
}

/** The text of nodes, without markup, spaces collapsed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Child elements of `parent` with local name `name` (any namespace). */
export function childrenNamed(parent: Element | Node, name: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling)
    if (node.nodeType === ELEMENT_NODE && (node as Element).localName === name) out.push(node as Element);
  return out;
}

/** Descendant elements with local name `name` (any namespace), in document order. */
export function descendantsNamed(parent: Element | Node, name: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== ELEMENT_NODE) continue;
      if ((child as Element).localName === name) out.push(child as Element);
      walk(child);
    }
  };
  walk(parent);
  return out;
}

export const firstNamed = (parent: Element | Node, name: string): Element | undefined =>
  descendantsNamed(parent, name)[0];

export const isElement = (node: Node): node is Element => node.nodeType === ELEMENT_NODE;
