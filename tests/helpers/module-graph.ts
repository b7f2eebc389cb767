import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)|import\s+'([^']+)'/g;

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/**
 * Every source file of the project that `roots` reach through relative imports (static, lazy and
 * re-exports), without the files `skip` names: what a boot can load, before tree shaking (so a
 * superset of what it downloads).
 */
export function reachableFiles(roots: string[], skip: (file: string) => boolean = () => false): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || skip(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
      if (target) visit(target);
    }
  };
  for (const root of roots) visit(path.resolve(root));
  return [...seen].sort();
}
