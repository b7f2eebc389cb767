import { createHash, timingSafeEqual } from 'node:crypto';

/** A SEB setting's value, as a .seb file's property list holds it. */
export type SebValue = string | number | boolean | Date | Uint8Array | SebValue[] | { [key: string]: SebValue };
export type SebSettings = { [key: string]: SebValue };

/** `<data>` comes as bytes (a Buffer, or a Uint8Array from a parsed .seb file). */
const isData = (value: SebValue): value is Uint8Array => value instanceof Uint8Array;
const isDictionary = (value: SebValue): value is SebSettings =>
  typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !isData(value);

/** Keys in SEB's order: case-insensitive; of two that differ only in case, the lower-case first (allowWlan, allowWLAN). */
const byKey = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a > b ? -1 : a < b ? 1 : 0;
};

/**
 * SEB-JSON, as SEB's Config Key page defines it: dictionaries sorted by key (case-insensitive) at
 * every depth, empty dictionaries left out, no whitespace and no escaping, data as Base64 and dates
 * as ISO 8601; `originatorVersion` is left out at the top.
 */
export function sebJson(value: SebValue, top = true): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `"${value.toISOString()}"`;
  if (isData(value)) return `"${Buffer.from(value).toString('base64')}"`;
  if (Array.isArray(value)) return `[${value.map((item) => sebJson(item, false)).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => !(top && key === 'originatorVersion'))
    .filter((key) => !(isDictionary(value[key]!) && Object.keys(value[key] as SebSettings).length === 0))
    .sort(byKey)
    .map((key) => `"${key}":${sebJson(value[key]!, false)}`);
  return `{${entries.join(',')}}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The Config Key of these settings: SHA-256 of their SEB-JSON, Base16. */
export const configKeyOf = (settings: SebSettings): string => sha256(sebJson(settings));

/**
 * The value SEB sends in `X-SafeExamBrowser-ConfigKeyHash` with a request for `url`: SHA-256 of the
 * absolute URL without its fragment followed by the Config Key.
 */
export const configKeyHashFor = (url: string, configKey: string): string => sha256(url.replace(/#.*$/, '') + configKey);

/** Whether `header` is the hash SEB configured with `configKey` sends for `url`. */
export function isConfigKeyHash(header: string | undefined, url: string, configKey: string): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header)) return false;
  return timingSafeEqual(
    Buffer.from(header.toLowerCase(), 'hex'),
    Buffer.from(configKeyHashFor(url, configKey), 'hex'),
  );
}
