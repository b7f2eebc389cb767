import { DOMParser, type Document } from '@xmldom/xmldom';
import { InterchangeFileRefused } from './interchange-item';

/** The largest XML document read (one item, a manifest or a Moodle file). */
export const MAX_XML_BYTES = 20 * 1024 * 1024;

/**
 * Parses XML defensively. A document type declaring entities is refused outright: external
 * entities (XXE) could read the server's files, and nested internal ones (billion laughs) expand
 * without bound; no item format needs them. Malformed XML is refused, never half-read.
 */
export function parseXml(text: string): Document {
  if (text.length > MAX_XML_BYTES) throw new InterchangeFileRefused('interchange.errors.file_too_large');
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text) || /<!DOCTYPE[^>]*(SYSTEM|PUBLIC)/i.test(text))
    throw new InterchangeFileRefused('interchange.errors.xml_entities');
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
