import type { AreaDefinition, PageDeclaration, ReportsDefinition, ResourceDefinition } from './vocabulary';
import { hasCustomScreens } from './vocabulary';

export * from './vocabulary';

/** Whatever a file of schemas/ declares: a resource, a console area, or the reports. */
export type Declaration = ResourceDefinition | AreaDefinition | ReportsDefinition;

/** A page hung on a declaration, with its owner's permission area and its key. */
export interface DeclaredPage extends PageDeclaration {
  area: string;
  key: string;
}

const isResource = (d: Declaration): d is ResourceDefinition => !('kind' in d);

/** The names a list or search may use: fields, computed values, `id` and the bookkeeping columns. */
function checkNames(definition: ResourceDefinition) {
  const known = new Set([
    'id',
    'name',
    'created_at',
    'updated_at',
    ...Object.keys(definition.fields),
    ...Object.keys(definition.computed ?? {}),
  ]);
  const named = [
    ...definition.list.columns,
    ...definition.list.search,
    ...(definition.list.filters ?? []),
    definition.list.sort,
  ];
  for (const name of named)
    if (!known.has(name)) throw new Error(`${definition.name}'s list names ${name}, which it does not declare`);
}

/** The registry of declarations, built from every schema file's default export. */
export class SchemaRegistry {
  private readonly byName: Map<string, ResourceDefinition>;
  private readonly others: (AreaDefinition | ReportsDefinition)[];

  constructor(declarations: readonly Declaration[]) {
    const resources = declarations.filter(isResource);
    this.others = declarations.filter((d): d is AreaDefinition | ReportsDefinition => !isResource(d));
    this.byName = new Map(resources.map((d) => [d.name, d]));
    if (this.byName.size !== resources.length) throw new Error('Two resource schemas share a name');
    for (const definition of resources) {
      checkNames(definition);
      for (const [field, spec] of Object.entries(definition.fields)) {
        if ((spec.type === 'reference' || spec.type === 'references') && !this.byName.has(spec.resource)) {
          throw new Error(`${definition.name}.${field} refers to unknown resource ${spec.resource}`);
        }
      }
    }
    const paths = this.pages().map((page) => page.path);
    const twice = paths.find((path, index) => paths.indexOf(path) !== index);
    if (twice) throw new Error(`Two declared pages share the path ${twice}`);
  }

  all(): ResourceDefinition[] {
    return [...this.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): ResourceDefinition | undefined {
    return this.byName.get(name);
  }

  /** Resources whose generic screens the console builds (children are edited inside their parent's). */
  screens(): ResourceDefinition[] {
    return this.all().filter((d) => !d.parent && !hasCustomScreens(d));
  }

  /** The reports' declaration (schemas/reports.ts). */
  reports(): ReportsDefinition {
    const reports = this.others.find((d): d is ReportsDefinition => d.kind === 'reports');
    if (!reports) throw new Error('schemas/ declares no reports');
    return reports;
  }

  /** Every hand-written page any declaration hangs on a path, in the order of their paths. */
  pages(): DeclaredPage[] {
    const owners: { name: string; pages?: Readonly<Record<string, PageDeclaration>> }[] = [
      ...this.byName.values(),
      ...this.others,
    ];
    return owners
      .flatMap((owner) => Object.entries(owner.pages ?? {}).map(([key, page]) => ({ ...page, area: owner.name, key })))
      .sort((a, b) => a.path.localeCompare(b.path));
  }
}

/** Picks the declarations out of imported schema modules (each file's default export). */
export function definitionsFromModules(modules: Record<string, unknown>): Declaration[] {
  return Object.entries(modules)
    .filter(([file]) => !/\/(index|vocabulary)\.ts$/.test(file))
    .map(([file, mod]) => {
      const definition = (mod as { default?: Declaration }).default;
      if (!definition?.name) throw new Error(`${file} has no default-exported declaration`);
      return definition;
    });
}
