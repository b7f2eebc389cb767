import { DOMParser, type Document } from '@xmldom/xmldom';
import { InterchangeFileRefused } from './interchange-item';

/** The largest XML document read (one item, a manifest or a Moodle file). */
export const MAX_XML_BYTES = 20 * 1024 * 1024;
/** Elements inside each other at most: a QTI item nests a few dozen deep; recursion over more could exhaust the stack. */
export const MAX_XML_DEPTH = 256;

/**
 * The deepest nesting of elements in a document, counted over its text (comments, CDATA sections,
 * processing instructions and declarations skipped) and stopped as soon as it passes `limit`.
 */
export function xmlDepth(text: string, limit = MAX_XML_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  for (let at = text.indexOf('<'); at !== -1 && deepest <= limit; at = text.indexOf('<', at + 1)) {
    const next = text[at + 1];
    if (text.startsWith('<!--', at)) at = skipTo(text, '-->', at);
    else if (text.startsWith('<![CDATA[', at)) at = skipTo(text, ']]>', at);
    else if (next === '?' || next === '!') at = skipTo(text, '>', at);
    else if (next === '/') depth--;
    else {
      const end = text.indexOf('>', at);
      if (end === -1) break;
      if (text[end - 1] !== '/') deepest = Math.max(deepest, ++depth);
      at = end;
    }
  }
  return deepest;
}

const skipTo = (text: string, end: string, from: number) => {
  const found = text.indexOf(end, from);
  return found === -1 ? text.length : found;
};

/**
 * Parses XML defensively. A document type declaring entities is refused outright: external
 * entities (XXE) could read the server's files, and nested internal ones (billion laughs) expand
 * without bound; no item format needs them. Malformed XML is refused, never half-read.
 */
export function parseXml(text: string): Document {
  if (text.length > MAX_XML_BYTES) throw new InterchangeFileRefused('interchange.errors.file_too_large');
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text) || /<!DOCTYPE[^>]*(SYSTEM|PUBLIC)/i.test(text))
    throw new InterchangeFileRefused('interchange.errors.xml_entities');
  if (xmlDepth(text) > MAX_XML_DEPTH)
    throw new InterchangeFileRefused('interchange.errors.xml_too_deep', { max: MAX_XML_DEPTH });
  let failure: string | undefined;
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') failure ??= message;
    },
  });
  let document: Document;
  try {
    document = parser.parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  } catch {
    throw new InterchangeFileRefused('interchange.errors.xml_unreadable');
  }
  if (failure || !document.documentElement) throw new InterchangeFileRefused('interchange.errors.xml_unreadable');
  return document;
}
