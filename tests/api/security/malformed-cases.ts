import type { JsonSchema, Operation } from './operations';

/** One request of the sweep: where it goes and what it carries. */
export interface SweepCase {
  label: string;
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const LONG = 'x'.repeat(100_000);
const NESTED = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const DEEP_OBJECT = JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown;

/** Bad values for one field of a JSON body: wrong types, null, out-of-range numbers, nesting, NUL, lone surrogates, long text. */
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['text', 'abc'],
  ['digits as text', '12'],
  ['negative', -1],
  ['zero', 0],
  ['above 2^31', 99_999_999_999],
  ['fraction', 1.5],
  ['empty array', []],
  ['array of huge ids', [99_999_999_999, -5]],
  ['object', { id: 1 }],
  ['deep object', DEEP_OBJECT],
  ['long text', LONG],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['array of NUL text', ['\u0000']],
];

/** Bad texts for path and query parameters (they are always text). */
const BAD_PARAMS: [string, string][] = [
  ['empty', ''],
  ['letters', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['above 2^31', '99999999999'],
  ['fraction', '1.5'],
  ['exponent', '1e3'],
  ['long', 'x'.repeat(3000)],
  ['NUL', '%00'],
  ['encoded lone surrogate', '%ED%A0%80'],
  ['malformed encoding', '%E0%A4%A'],
  ['comma list with junk', '1,,x,99999999999'],
];

/**
 * Names of Object.prototype members: code that collects client-chosen keys in a plain object reads
 * these as inherited values (`errors.constructor ??= []` is a function) or, for `__proto__`, replaces
 * the prototype. Every operation gets them as query names, filter names, body keys and form fields.
 */
export const PROTOTYPE_KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

/** Field names the API uses, tried on bodies the OpenAPI document does not describe field by field. */
const COMMON_FIELDS = [
  'name_en',
  'name_ar',
  'platform_id',
  'text',
  'answer_type',
  'answer_key',
  'skill_ids',
  'question_ids',
  'exam_ids',
  'exam_localization_ids',
  'countries',
  'mark',
  'start_date_time',
  'translations',
  'name',
  'email',
  'role',
];

/** A plausible value for a schema, so one bad field at a time reaches the checks past the first. */
export function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.anyOf) return plausible(schema.anyOf.find((s) => s.type !== 'null'));
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([k]) => schema.required?.includes(k))
          .map(([k, s]) => [k, plausible(s)]),
      );
    default:
      return 'x';
  }
}

const json = (value: unknown) => JSON.stringify(value);
const withQuery = (target: string, query: string) => `${target}${target.includes('?') ? '&' : '?'}${query}`;

/** The bounded battery of one operation, for a concrete target path. */
export function casesFor(
  operation: Operation,
  target: string,
  rawPath: (value: (name: string) => string) => string,
): SweepCase[] {
  const cases: SweepCase[] = [];
  const jsonHeaders = { 'content-type': 'application/json' };
  const sendsBody = operation.method !== 'GET';

  for (const param of operation.parameters.filter((p) => p.in === 'path')) {
    for (const [label, value] of BAD_PARAMS) {
      cases.push({
        label: `path ${param.name}: ${label}`,
        target: rawPath((name) => (name === param.name ? value : '1')),
        ...(sendsBody ? { headers: jsonHeaders, body: '{}' } : {}),
      });
    }
  }

  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  for (const name of queryNames) {
    for (const [label, value] of BAD_PARAMS) {
      cases.push({
        label: `query ${name}: ${label}`,
        target: withQuery(target, `${encodeURIComponent(name)}=${value}`),
      });
    }
    cases.push({
      label: `query ${name}: repeated`,
      target: withQuery(target, `${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`),
    });
    cases.push({ label: `query ${name}[]: array form`, target: withQuery(target, `${encodeURIComponent(name)}[]=1`) });
  }
  for (const key of PROTOTYPE_KEYS) {
    cases.push({ label: `query: parameter named ${key}`, target: withQuery(target, `${key}=1`) });
    cases.push({ label: `query: filter[${key}]`, target: withQuery(target, `filter[${key}]=1`) });
  }
  cases.push({ label: 'query: unknown parameter', target: withQuery(target, 'zz_unknown=1') });
  cases.push({ label: 'query: NUL in a parameter name', target: withQuery(target, 'a%00b=1') });

  if (!sendsBody) return cases;

  if (operation.path === '/api/upload-media') return [...cases, ...multipartCases(target)];

  for (const [label, body] of [
    ['null', 'null'],
    ['array', '[]'],
    ['text', '"text"'],
    ['number', '123'],
    ['empty object', '{}'],
    ['nested 10,000 deep', NESTED(10_000)],
    ['object nested 10,000 deep', `{"a":${NESTED(10_000)}}`],
    ['truncated', '{"a":'],
    ['not JSON', '{nope'],
    ['NUL in a key', '{"a\\u0000":1}'],
    ['lone surrogate in a key', '{"\\ud800":1}'],
    ['unknown field', '{"zz_unknown":1}'],
    ['2 MB', json({ a: 'x'.repeat(2_000_000) })],
  ] as const) {
    cases.push({ label: `body: ${label}`, target, headers: jsonHeaders, body });
  }
  cases.push({ label: 'body: empty with a JSON type', target, headers: jsonHeaders, body: '' });
  cases.push({ label: 'body: text/plain', target, headers: { 'content-type': 'text/plain' }, body: '{}' });
  cases.push({
    label: 'body: form-encoded',
    target,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=1&b=%00',
  });
  cases.push({
    label: 'body: multipart without boundary',
    target,
    headers: { 'content-type': 'multipart/form-data' },
    body: 'x',
  });
  cases.push({
    label: 'body: content-length shorter than sent',
    target,
    headers: { ...jsonHeaders, 'content-length': '3' },
    body: '{"a":1}',
  });

  const schema = operation.body;
  const fields = schema?.properties ? Object.keys(schema.properties) : COMMON_FIELDS;
  const base = (schema?.properties ? plausible(schema) : {}) as Record<string, unknown>;
  for (const key of PROTOTYPE_KEYS) {
    // A computed key makes an own property, `__proto__` included, so JSON.stringify writes it out.
    cases.push({ label: `body: key ${key}`, target, headers: jsonHeaders, body: json({ ...base, [key]: 1 }) });
    cases.push({
      label: `body: key ${key} holding an object`,
      target,
      headers: jsonHeaders,
      body: json({ ...base, [key]: { [key]: [key] } }),
    });
    cases.push({
      label: `body: form field ${key}`,
      target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${key}=1&${key}=2`,
    });
  }
  for (const field of fields) {
    for (const [label, value] of BAD_VALUES) {
      cases.push({
        label: `body ${field}: ${label}`,
        target,
        headers: jsonHeaders,
        body: json({ ...base, [field]: value }),
      });
    }
  }
  return cases;
}

function multipartCases(target: string): SweepCase[] {
  const boundary = 'SWEEPBOUNDARY';
  const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const part = (name: string, value: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n${file ? 'Content-Type: image/png\r\n' : ''}\r\n${value}\r\n`;
  const end = `--${boundary}--\r\n`;
  return [
    { label: 'multipart: no boundary', target, headers: { 'content-type': 'multipart/form-data' }, body: 'x' },
    {
      label: 'multipart: truncated file',
      target,
      headers: type,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
    },
    { label: 'multipart: garbage', target, headers: type, body: 'garbage' },
    { label: 'multipart: only a label', target, headers: type, body: part('label', 'questions/media') + end },
    {
      label: 'multipart: NUL in the label',
      target,
      headers: type,
      body: part('label', 'a\u0000b') + part('file', 'x', 'a.png') + end,
    },
    {
      label: 'multipart: path-like label',
      target,
      headers: type,
      body: part('label', '../../etc') + part('file', 'x', 'a.png') + end,
    },
    {
      label: 'multipart: NUL in the file name',
      target,
      headers: type,
      body: part('label', 'questions/media') + part('file', 'x', 'a\u0000.png') + end,
    },
    {
      label: 'multipart: two files',
      target,
      headers: type,
      body: part('file', 'x', 'a.png') + part('file', 'y', 'b.png') + end,
    },
    {
      label: 'multipart: many fields',
      target,
      headers: type,
      body: Array.from({ length: 20 }, (_, i) => part(`f${i}`, 'v')).join('') + end,
    },
    { label: 'multipart: huge label', target, headers: type, body: part('label', 'x'.repeat(5000)) + end },
    ...PROTOTYPE_KEYS.map((key) => ({
      label: `multipart: field named ${key}`,
      target,
      headers: type,
      body: part(key, 'v') + part(key, 'w') + part('file', 'x', 'a.png') + end,
    })),
  ];
}
