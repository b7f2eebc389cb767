import { element, escapeXml } from '../markup';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from '../interchange-item';
import { TOOL_NAME, XSI_NS } from './qti-vocabulary';

export const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
export const CP_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd';
export const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
export const QMD_NS = 'http://www.imsglobal.org/xsd/imsqti_metadata_v3p0';

/**
 * The taxon path source naming a lookup (`ltm:skill`) or a declared value (`ltm:<field>`) in a
 * package's LOM classification (read back by the same names).
 */
export const taxonSource = (field: string) => `ltm:${field}`;

/** A declared value the item's markup does not hold, as the manifest carries it. */
export type ManifestValue = string | number | boolean;

/** One resource of a package: its file, its type, what it depends on and the metadata it carries. */
export interface ManifestResource {
  identifier: string;
  type: 'imsqti_item_xmlv3p0' | 'imsqti_stimulus_xmlv3p0' | 'imsqti_test_xmlv3p0' | 'webcontent';
  href: string;
  dependencies?: string[];
  interactions?: string[];
  metadata?: Partial<Record<LookupField, LookupName>>;
  /** The question's declared values its item's markup does not hold, by field (qti-item-values.ts). */
  values?: Readonly<Record<string, ManifestValue>>;
}

const langString = (name: LookupName) =>
  (['en', 'ar'] as const)
    .filter((language) => name[language])
    .map((language) => element('imsmd:string', { language }, escapeXml(name[language]!)))
    .join('');

const taxonPath = (source: string, entry: string) =>
  element('imsmd:taxonPath', {}, [
    element('imsmd:source', {}, element('imsmd:string', { language: 'x-none' }, taxonSource(source))),
    element('imsmd:taxon', {}, element('imsmd:entry', {}, entry)),
  ]);

/**
 * The curriculum metadata as LOM classifications: one taxon path per lookup, named in both
 * languages, and one per declared value the item does not hold, as it is (language `x-none`).
 */
function lom(
  metadata: Partial<Record<LookupField, LookupName>>,
  values: Readonly<Record<string, ManifestValue>> = {},
): string {
  const paths = [
    ...LOOKUP_FIELDS.filter((field) => metadata[field] && (metadata[field]!.en || metadata[field]!.ar)).map((field) =>
      taxonPath(field, langString(metadata[field]!)),
    ),
    ...Object.entries(values).map(([field, value]) =>
      taxonPath(field, element('imsmd:string', { language: 'x-none' }, escapeXml(String(value)))),
    ),
  ];
  if (paths.length === 0) return '';
  return element(
    'imsmd:lom',
    {},
    element('imsmd:classification', {}, [
      element('imsmd:purpose', {}, [
        element('imsmd:source', {}, 'LOMv1.0'),
        element('imsmd:value', {}, 'educational objective'),
      ]),
      ...paths,
    ]),
  );
}

function resource(r: ManifestResource): string {
  const qti =
    r.type === 'webcontent'
      ? ''
      : element('imsqti:qtiMetadata', {}, [
          ...(r.interactions ?? []).map((i) => element('imsqti:interactionType', {}, i)),
          element('imsqti:toolName', {}, escapeXml(TOOL_NAME)),
        ]);
  const meta = qti + (r.metadata || r.values ? lom(r.metadata ?? {}, r.values) : '');
  return element('resource', { identifier: r.identifier, type: r.type, href: r.href }, [
    meta ? element('metadata', {}, meta) : '',
    element('file', { href: r.href }),
    ...(r.dependencies ?? []).map((d) => element('dependency', { identifierref: d })),
  ]);
}

/** `imsmanifest.xml` of a QTI 3.0 package (schema "QTI Package", version 3.0.0). */
export function manifest(identifier: string, resources: ManifestResource[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element(
      'manifest',
      {
        xmlns: CP_NS,
        'xmlns:imsmd': LOM_NS,
        'xmlns:imsqti': QMD_NS,
        'xmlns:xsi': XSI_NS,
        'xsi:schemaLocation': `${CP_NS} ${CP_SCHEMA}`,
        identifier,
      },
      [
        element('metadata', {}, [element('schema', {}, 'QTI Package'), element('schemaversion', {}, '3.0.0')]),
        '<organizations/>',
        element('resources', {}, resources.map(resource)),
      ],
    )
  );
}
