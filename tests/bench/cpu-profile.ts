/**
 * `npm run bench:profile -- FILE.cpuprofile [TOP]`: where a V8 CPU profile's time went (issue 44).
 * Prints self time by function (the TOP heaviest, 40 by default) and by where the code lives: our
 * server's folders, each package in node_modules, Node's own internals, the garbage collector and
 * idle time. The figures are shares of the busy (non-idle) time.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, one of our folders, Node's internals or V8's pseudo-frames. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const source = url.indexOf('/src/');
  if (source >= 0) return path.dirname(url.slice(source + 1));
  return path.basename(url);
}

export function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let idle = 0;
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += ms;
      continue;
    }
    busy += ms;
    const place = placeOf(url, functionName);
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { idle, busy, functions: sorted(byFunction), places: sorted(byPlace) };
}

function main() {
  const [file, top = '40'] = process.argv.slice(2);
  if (!file) throw new Error('usage: npm run bench:profile -- FILE.cpuprofile [TOP]');
  const { idle, busy, functions, places } = summarize(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile);
  const share = (ms: number) => `${((ms / busy) * 100).toFixed(1).padStart(5)}%`;
  console.log(`busy ${(busy / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s\n\nby place:`);
  for (const [place, ms] of places.slice(0, 30)) console.log(`  ${share(ms)}  ${place}`);
  console.log(`\nby function (self time):`);
  for (const [name, ms] of functions.slice(0, Number(top))) console.log(`  ${share(ms)}  ${name}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
