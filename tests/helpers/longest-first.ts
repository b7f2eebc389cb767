import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { fileTimeKey, readFileTimes } from './file-times.ts';

/**
 * Starts the files that took longest last time first (tests/file-times.json), so that the workers
 * finish together instead of one waiting on a long file started last; a file not measured yet is
 * taken as long. A fresh clone has no cache of vitest's own, so the record is committed. (It needs
 * nothing of vitest at run time: vite.config.ts, which names it, is read by `vite build` too.)
 */
export default class LongestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const times = readFileTimes();
    const root = this.ctx.config.root;
    const time = (spec: TestSpecification) =>
      times[fileTimeKey(spec.project.name, root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || time(b) - time(a),
    );
  }
}
