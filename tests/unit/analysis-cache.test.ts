import { describe, expect, it } from 'vitest';
import type { ItemAnalysisReport } from '../../src/common/contracts/index';
import { AnalysisCache } from '../../src/server/item-analysis/analysis-cache';

const report = (id: number) => ({ exam: { id }, items: [] }) as unknown as ItemAnalysisReport;

describe('AnalysisCache.share (single flight)', () => {
  it('runs one computation for every caller that arrives while it runs, then serves the kept result', async () => {
    const cache = new AnalysisCache();
    let runs = 0;
    let finish!: (value: ItemAnalysisReport) => void;
    const compute = () => {
      runs++;
      return new Promise<ItemAnalysisReport>((resolve) => (finish = resolve));
    };
    const callers = Array.from({ length: 10 }, () => cache.share(1, 'f1', compute));
    finish(report(1));
    const results = await Promise.all(callers);
    expect(runs).toBe(1);
    expect(new Set(results).size).toBe(1);
    expect(await cache.share(1, 'f1', compute)).toBe(results[0]);
    expect(runs).toBe(1);
  });

  it('computes again for a new fingerprint and for another exam', async () => {
    const cache = new AnalysisCache();
    let runs = 0;
    const compute = (id: number) => async () => {
      runs++;
      return report(id);
    };
    await Promise.all([cache.share(1, 'f1', compute(1)), cache.share(2, 'f1', compute(2))]);
    await cache.share(1, 'f2', compute(1));
    expect(runs).toBe(3);
  });

  it('keeps no failure: every waiting caller gets it, and the next call computes again', async () => {
    const cache = new AnalysisCache();
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('database gone');
    };
    const results = await Promise.allSettled([cache.share(1, 'f', failing), cache.share(1, 'f', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    await expect(cache.share(1, 'f', async () => report(1))).resolves.toEqual(report(1));
  });
});
