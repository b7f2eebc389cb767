import { element, escapeXml } from '../markup';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from '../interchange-item';
import { TOOL_NAME, XSI_NS } from './qti-vocabulary';

export const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
export const CP_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd';
export const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
export const QMD_NS = 'http://www.imsglobal.org/xsd/imsqti_metadata_v3p0';

/** The taxon path source naming each lookup in a package's LOM classification (read back by the same names). */
export const taxonSource = (field: LookupField) => `ltm:${field}`;

/** One resource of a package: its file, its type, what it depends on and the metadata it carries. */
export interface ManifestResource {
  identifier: string;
  type: 'imsqti_item_xmlv3p0' | 'imsqti_stimulus_xmlv3p0' | 'imsqti_test_xmlv3p0' | 'webcontent';
  href: string;
  dependencies?: string[];
  interactions?: string[];
  metadata?: Partial<Record<LookupField, LookupName>>;
}

const langString = (name: LookupName) =>
  (['en', 'ar'] as const)
    .filter((language) => name[language])
    .map((language) => element('imsmd:string', { language }, escapeXml(name[language]!)))
    .join('');

/** The curriculum metadata as LOM classifications: one taxon path per lookup, named in both languages. */
function lom(metadata: Partial<Record<LookupField, LookupName>>): string {
  const paths = LOOKUP_FIELDS.filter((field) => metadata[field] && (metadata[field]!.en || metadata[field]!.ar)).map(
    (field) =>
      element('imsmd:taxonPath', {}, [
        element('imsmd:source', {}, element('imsmd:string', { language: 'x-none' }, taxonSource(field))),
        element('imsmd:taxon', {}, element('imsmd:entry', {}, langString(metadata[field]!))),
      ]),
  );
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
  const meta = qti + (r.metadata ? lom(r.metadata) : '');
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
