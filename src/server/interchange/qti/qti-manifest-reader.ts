import type { Element } from '@xmldom/xmldom';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from '../interchange-item';
import { childrenNamed, descendantsNamed, textOf } from '../markup';
import { parseXml } from '../xml-safety';
import { resolvePath } from './qti-item-reader';
import { taxonSource } from './qti-manifest-writer';
import { TOOL_NAME } from './qti-vocabulary';

export interface ManifestEntry {
  identifier: string;
  type: string;
  /** The resource's file, as a path in the package. */
  path: string;
  dependencies: string[];
  metadata: Partial<Record<LookupField, LookupName>>;
}

export interface ManifestRead {
  /** Made by this tool: part identifiers are kept. */
  ours: boolean;
  resources: ManifestEntry[];
}

/** The curriculum metadata in a resource's LOM: taxon paths whose source names one of our lookups. */
function metadataOf(resource: Element): Partial<Record<LookupField, LookupName>> {
  const out: Partial<Record<LookupField, LookupName>> = {};
  for (const path of descendantsNamed(resource, 'taxonPath')) {
    const source = textOf(childrenNamed(path, 'source')[0]);
    const field = LOOKUP_FIELDS.find((f) => taxonSource(f) === source);
    if (!field) continue;
    const name: LookupName = {};
    for (const string of descendantsNamed(childrenNamed(path, 'taxon')[0] ?? path, 'string')) {
      const language = string.getAttribute('language');
      if (language === 'en' || language === 'ar') name[language] = textOf(string);
    }
    out[field] = name;
  }
  return out;
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
        metadata: metadataOf(resource),
      },
    ];
  });
  return { ours, resources };
}
