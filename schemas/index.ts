import type { ResourceDefinition } from './vocabulary';

export * from './vocabulary';

/** The registry of resource schemas, built from every schema file's default export. */
export class SchemaRegistry {
  private readonly byName: Map<string, ResourceDefinition>;

  constructor(definitions: readonly ResourceDefinition[]) {
    this.byName = new Map(definitions.map((d) => [d.name, d]));
    if (this.byName.size !== definitions.length) throw new Error('Two resource schemas share a name');
    for (const definition of definitions) {
      for (const [field, spec] of Object.entries(definition.fields)) {
        if (spec.type === 'reference' && !this.byName.has(spec.resource)) {
          throw new Error(`${definition.name}.${field} refers to unknown resource ${spec.resource}`);
        }
      }
    }
  }

  all(): ResourceDefinition[] {
    return [...this.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): ResourceDefinition | undefined {
    return this.byName.get(name);
  }

  /** Resources that have their own screen (children are edited inside their parent's). */
  screens(): ResourceDefinition[] {
    return this.all().filter((d) => !d.parent);
  }
}

/** Picks the resource definitions out of imported schema modules (each file's default export). */
export function definitionsFromModules(modules: Record<string, unknown>): ResourceDefinition[] {
  return Object.entries(modules)
    .filter(([file]) => !/\/(index|vocabulary)\.ts$/.test(file))
    .map(([file, mod]) => {
      const definition = (mod as { default?: ResourceDefinition }).default;
      if (!definition?.name) throw new Error(`${file} has no default-exported resource schema`);
      return definition;
    });
}
