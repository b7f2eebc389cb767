import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The figures docs/architecture.md gives about the code (issue 38: written by hand, they went stale
 * within a day): sizes, the longest files, casts that escape the type checker, untyped bodies, and
 * counts of declarations, migrations and test files. `npm run docs:figures` writes them between the
 * markers; tests/unit/docs-figures.test.ts fails when the committed ones differ from the code's.
 */
export const DOC = 'docs/architecture.md';
const START = '<!-- figures:start (npm run docs:figures writes this part) -->';
const END = '<!-- figures:end -->';
/** Past this many lines a file is split by concern (STYLE.md). */
export const LONGEST_ALLOWED = 400;

const SOURCE = /\.(ts|tsx)$/;

function filesUnder(root: string, dir: string, pattern: RegExp): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(root, relative, pattern);
      return pattern.test(entry.name) ? [relative] : [];
    })
    .sort();
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const occurrences = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;
const number = (n: number) => n.toLocaleString('en-GB');

export interface Figures {
  sourceFiles: number;
  sourceLines: number;
  longest: { file: string; lines: number }[];
  overLimit: string[];
  asNever: number;
  asUnknownAs: number;
  unknownBodies: number;
  unknownInputs: number;
  resources: number;
  migrations: number;
  tests: Record<string, number>;
}

/** The figures of the project at `root`, read from its files. */
export function measure(root: string): Figures {
  const source = ['src', 'schemas', 'locales'].flatMap((dir) => filesUnder(root, dir, SOURCE));
  const texts = new Map(source.map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
  const sizes = source.map((file) => ({ file, lines: lineCount(texts.get(file)!) }));
  const all = [...texts.values()].join('\n');
  const server = [...texts].filter(([file]) => file.startsWith('src/server/')).map(([, text]) => text);
  const tests = (dir: string, pattern: RegExp) => filesUnder(root, dir, pattern).length;
  return {
    sourceFiles: source.length,
    sourceLines: sizes.reduce((total, { lines }) => total + lines, 0),
    longest: [...sizes].sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file)).slice(0, 3),
    overLimit: sizes.filter(({ lines }) => lines > LONGEST_ALLOWED).map(({ file }) => file),
    asNever: occurrences(all, /\bas never\b/g),
    asUnknownAs: occurrences(all, /\bas unknown as\b/g),
    unknownBodies: server.reduce((total, text) => total + occurrences(text, /\bbody: z\.unknown\(\)/g), 0),
    unknownInputs: server.reduce((total, text) => total + occurrences(text, /\binput: unknown\b/g), 0),
    resources: [...texts]
      .filter(([file]) => /^schemas\/[^/]+\.ts$/.test(file))
      .filter(([, text]) => /\b(defineResource|lookup)\(/.test(text)).length,
    migrations: filesUnder(root, 'src/server/db/migrations', /^\d{4}_.*\.ts$/).length,
    tests: {
      unit: tests('tests/unit', /\.test\.ts$/),
      api: filesUnder(root, 'tests/api', /\.test\.ts$/).filter((f) => !f.startsWith('tests/api/sweeps/')).length,
      sweeps: tests('tests/api/sweeps', /\.test\.ts$/),
      client: tests('tests/client', /\.test\.tsx$/),
      e2e: tests('tests/e2e', /\.e2e\.ts$/),
      cluster: tests('tests/cluster', /\.test\.ts$/),
    },
  };
}

/** The figures as the document's section. */
export function render(figures: Figures): string {
  const rows: [string, string][] = [
    [
      'source files (`src`, `schemas`, `locales`)',
      // To the thousand: an exact count would send every change back to this document.
      `${number(figures.sourceFiles)}, about ${number(Math.round(figures.sourceLines / 1000) * 1000)} lines`,
    ],
    ['longest files', figures.longest.map(({ file, lines }) => `${lines} (\`${file}\`)`).join(', ')],
    [
      `files over ${LONGEST_ALLOWED} lines`,
      figures.overLimit.length === 0 ? '0' : figures.overLimit.map((f) => `\`${f}\``).join(', '),
    ],
    ['`as never`', String(figures.asNever)],
    ['`as unknown as`', String(figures.asUnknownAs)],
    ['routes taking `body: z.unknown()`', String(figures.unknownBodies)],
    ['server functions taking `input: unknown`', String(figures.unknownInputs)],
    ['declared resources (`defineResource`, `lookup`)', String(figures.resources)],
    ['migrations', String(figures.migrations)],
    [
      'test files',
      Object.entries(figures.tests)
        .map(([project, count]) => `${project} ${count}`)
        .join(', '),
    ],
  ];
  return [START, '| figure | now |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`), END].join(
    '\n',
  );
}

/** The document with its figures section replaced by `section`. */
export function withFigures(document: string, section: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no figures markers`);
  return document.slice(0, start) + section + document.slice(end + END.length);
}

/** The committed section, for the test to compare. */
export function committedFigures(root: string): string {
  const document = fs.readFileSync(path.join(root, DOC), 'utf8');
  return document.slice(document.indexOf(START), document.indexOf(END) + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(root, DOC);
  fs.writeFileSync(file, withFigures(fs.readFileSync(file, 'utf8'), render(measure(root))));
  console.log(`${DOC}: figures written`);
}
