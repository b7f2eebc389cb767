import { describe, expect, it } from 'vitest';
import { placeOf, summarize } from '../bench/cpu-profile';

/** `npm run bench:profile` (issue 44): self time by function and by where the code lives. */
describe('cpu profile summary', () => {
  it('places code in our folders, packages, Node and V8', () => {
    expect(placeOf('file:///work/main/src/server/http/input-guards.ts', 'f')).toBe('src/server/http');
    expect(placeOf('file:///work/main/node_modules/fastify/lib/reply.js', 'f')).toBe('fastify');
    expect(placeOf('file:///work/main/node_modules/@fastify/cookie/index.js', 'f')).toBe('@fastify/cookie');
    expect(placeOf('node:internal/http', 'f')).toBe('node internals');
    expect(placeOf('', '(garbage collector)')).toBe('(garbage collector)');
  });

  it('sums self time per function and place, idle apart', () => {
    const frame = (id: number, functionName: string, url: string, children?: number[]) => ({
      id,
      callFrame: { functionName, url, lineNumber: 0 },
      ...(children ? { children } : {}),
    });
    const profile = {
      nodes: [
        frame(1, '(root)', '', [2, 3, 4]),
        frame(2, 'save', 'file:///w/src/server/delivery/a.ts'),
        frame(3, '(idle)', ''),
        frame(4, 'send', 'file:///w/node_modules/fastify/lib/reply.js'),
      ],
      samples: [2, 2, 3, 4, 2],
      timeDeltas: [1000, 1000, 5000, 2000, 1000],
    };
    const { idle, busy, places, functions } = summarize(profile);
    expect(idle).toBe(5);
    expect(busy).toBe(5);
    expect(places).toEqual([
      ['src/server/delivery', 3],
      ['fastify', 2],
    ]);
    expect(functions[0]).toEqual(['save src/server/delivery/a.ts:1', 3]);
  });
});
