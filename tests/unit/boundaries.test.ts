import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: the import rule "features through their index.ts" covers every folder of src/server and
 * src/client but the shared layers, read from the folders themselves (the hand-kept list missed
 * web-reports, item-analysis, jobs and cli).
 */
const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string; to: { path?: string } }[];
};
const folders = (side: string) =>
  fs
    .readdirSync(path.join(root, 'src', side), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const featuresIn = (rule: string) => {
  const pattern = config.forbidden.find((r) => r.name === rule)!.to.path!;
  return /\(([^)]*)\)/.exec(pattern)![1].split('|');
};

describe('the feature boundary rule', () => {
  it.each([
    ['server', ['http', 'db']],
    ['client', ['components', 'providers', 'i18n', 'theme']],
  ])('holds every %s folder but the shared layers', (side, shared) => {
    const features = featuresIn(`${side}-feature-internals`);
    expect([...features].sort()).toEqual(
      folders(side)
        .filter((name) => !shared.includes(name))
        .sort(),
    );
  });

  it('holds the features the hand-kept list missed', () => {
    expect(featuresIn('server-feature-internals')).toEqual(
      expect.arrayContaining(['web-reports', 'item-analysis', 'jobs', 'cli']),
    );
    expect(featuresIn('client-feature-internals')).toEqual(expect.arrayContaining(['web-reports']));
  });
});

/** Every feature another feature of `side` imports (static imports, lazy imports, re-exports). */
function featureGraph(side: string, shared: string[]): Map<string, Set<string>> {
  const base = path.join(root, 'src', side);
  const features = folders(side).filter((name) => !shared.includes(name));
  const graph = new Map(features.map((feature) => [feature, new Set<string>()]));
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [path.join(dir, entry.name)]
            : [],
      );
  for (const feature of features) {
    for (const file of files(path.join(base, feature))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const to = path.relative(base, path.resolve(path.dirname(file), target)).split(path.sep)[0];
        if (to !== feature && graph.has(to)) graph.get(feature)!.add(to);
      }
    }
  }
  return graph;
}

/** The loops of a graph (its strongly connected components of more than one node). */
function loops(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    for (const next of graph.get(node)!) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

describe('features in layers', () => {
  // Issue 38: client/auth imported client/student, which imports client/auth.
  it.each([
    ['server', ['http', 'db']],
    ['client', ['components', 'providers', 'i18n', 'theme']],
  ])('no two %s features import each other, directly or through others', (side, shared) => {
    const graph = featureGraph(side, shared);
    expect(graph.size).toBeGreaterThan(5);
    expect(loops(graph)).toEqual([]);
  });
});
