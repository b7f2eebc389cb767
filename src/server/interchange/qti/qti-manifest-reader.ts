import type { Element } from '@xmldom/xmldom';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from '../interchange-item';
import { childrenNamed, descendantsNamed, textOf } from '../markup';
import { parseXml } from '../xml-safety';
import { resolvePath } from './qti-item-reader';
import { MANIFEST_FIELDS, manifestValue } from './qti-item-values';
import { taxonSource } from './qti-manifest-writer';
import { TOOL_NAME } from './qti-vocabulary';

export interface ManifestEntry {
  identifier: string;
  type: string;
  /** The resource's file, as a path in the package. */
  path: string;
  dependencies: string[];
  metadata: Partial<Record<LookupField, LookupName>>;
  /** The question's declared values the manifest carries (qti-item-values.ts). */
  values: Record<string, unknown>;
}

export interface ManifestRead {
  /** Made by this tool: part identifiers are kept. */
  ours: boolean;
  resources: ManifestEntry[];
}

/**
 * The metadata in a resource's LOM: taxon paths whose source names one of our lookups (its names)
 * or one of the declared values the manifest carries (its value).
 */
function metadataOf(resource: Element): Pick<ManifestEntry, 'metadata' | 'values'> {
  const metadata: Partial<Record<LookupField, LookupName>> = {};
  const values: Record<string, unknown> = {};
  for (const path of descendantsNamed(resource, 'taxonPath')) {
    const source = textOf(childrenNamed(path, 'source')[0]);
    const strings = descendantsNamed(childrenNamed(path, 'taxon')[0] ?? path, 'string');
    const field = LOOKUP_FIELDS.find((f) => taxonSource(f) === source);
    const valueField = MANIFEST_FIELDS.find((f) => taxonSource(f) === source);
    if (field) {
      const name: LookupName = {};
      for (const string of strings) {
        const language = string.getAttribute('language');
        if (language === 'en' || language === 'ar') name[language] = textOf(string);
      }
      metadata[field] = name;
    } else if (valueField && strings[0]) values[valueField] = manifestValue(valueField, textOf(strings[0]));
  }
  return { metadata, values };
}

/** `imsmanifest.xml`: its resources with their files (relative to the manifest's folder) and metadata. */
export function readManifest(text: string, manifestPath: string): ManifestRead {
  const root = parseXml(text).documentElement!;
  const ours = descendantsNamed(root, 'toolName').some((t) => textOf(t) === TOOL_NAME);
  const resources = descendantsNamed(root, 'resource').flatMap((resource) => {
    const href = resource.getAttribute('href') ?? childrenNamed(resource, 'file')[0]?.getAttribute('href') ?? '';
    const path = resolvePath(manifestPath, href);
    if (!path) return [];
    return [
      {
        identifier: resource.getAttribute('identifier') ?? path,
        type: resource.getAttribute('type') ?? '',
        path,
        dependencies: childrenNamed(resource, 'dependency').map((d) => d.getAttribute('identifierref') ?? ''),
        ...metadataOf(resource),
      },
    ];
  });
  return { ours, resources };
}
