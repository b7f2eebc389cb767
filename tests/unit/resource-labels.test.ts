import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/index';
import en from '../../locales/en/index';
import { schemaRegistry } from '../../src/client/generic/registry';

type Catalog = Record<string, unknown>;

function lookup(catalog: Catalog, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalog)[part] : undefined), catalog);
}

/** Everything the generic screens ask the catalog for about one resource. */
function keysOf(name: string): string[] {
  const definition = schemaRegistry.get(name)!;
  return [
    `resources.${name}.name`,
    `resources.${name}.item`,
    `resources.${name}.items`,
    ...['id', ...definition.list.columns, ...Object.keys(definition.fields)].map(
      (field) => `resources.${name}.fields.${field}`,
    ),
  ];
}

describe('catalog labels of schema resources', () => {
  it.each(schemaRegistry.all().map((d) => d.name))('names %s and each of its fields in both languages', (name) => {
    for (const [language, catalog] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const missing = keysOf(name).filter((key) => typeof lookup(catalog as Catalog, key) !== 'string');
      expect(missing, `${language} catalog`).toEqual([]);
    }
  });
});
