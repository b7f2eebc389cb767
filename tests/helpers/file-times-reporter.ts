import type { Reporter, TestModule } from 'vitest/node';
import { fileTimeKey, writeFileTimes, type FileTimes } from './file-times';

/**
 * Prints every test file's time at the end of a run, longest first, per project (issue 38: CI's
 * time is spent where these say); `FILE_TIMES_WRITE=1` records them for the sequencer.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times: FileTimes = {};
    const rows = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const ms = Math.round(diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration);
      const key = fileTimeKey(module.project.name, module.project.config.root, module.moduleId);
      times[key] = ms;
      return { key, ms, state: module.state() };
    });
    rows.sort((a, b) => b.ms - a.ms);
    const total = rows.reduce((sum, row) => sum + row.ms, 0);
    const lines = rows.map(
      (row) =>
        `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.key}${row.state === 'passed' ? '' : `  (${row.state})`}`,
    );
    console.log(
      `\nFile times (${rows.length} files, ${(total / 1000).toFixed(0)} s in all, longest first):\n${lines.join('\n')}\n`,
    );
    if (process.env.FILE_TIMES_WRITE === '1') writeFileTimes(times);
  }
}
