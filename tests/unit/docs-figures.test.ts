import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedFigures, LONGEST_ALLOWED, measure, render } from '../../scripts/docs-figures';

/**
 * Issue 38: docs/architecture.md's figures (longest file, casts, counts) and the README's layout went
 * stale within a day. The figures are generated (`npm run docs:figures`) and compared here; the
 * layout must name every feature folder.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('the documents keep up with the code', () => {
  it("docs/architecture.md's figures are the code's (npm run docs:figures writes them)", () => {
    expect(committedFigures(root)).toBe(render(measure(root)));
  });

  it(`has no source file over ${LONGEST_ALLOWED} lines and no \`as never\``, () => {
    const figures = measure(root);
    expect(figures.overLimit).toEqual([]);
    expect(figures.asNever).toBe(0);
  });

  it("names every folder of src/server and src/client in the README's layout", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1));
    const missing = ['server', 'client'].flatMap((side) =>
      fs
        .readdirSync(path.join(root, 'src', side), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .filter((name) => !new RegExp(`(^|[\\s,(])${name}/`).test(layout))
        .map((name) => `src/${side}/${name}/`),
    );
    expect(missing).toEqual([]);
  });
});
