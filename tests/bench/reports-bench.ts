/**
 * `npm run bench:reports`: report PDFs on this machine.
 * 1. Arabic one-page student reports per second: Typst in the worker pool (the server's renderer)
 *    against Debian's Chromium printing the same report from HTML (playwright-core, warm pages), at
 *    the same concurrency. Goal (issue 14): at least 100 a second, and at least 3 times Chromium.
 * 2. A ZIP bundle of 1,000 student reports written as the report job writes it (rendered a few at a
 *    time, each entry written before the next): goal under 15 seconds with memory flat, sampled from
 *    the bundle's process and the workers every 100 ms.
 * `BENCH_REPORTS` (default 600) sets how many reports each renderer makes; `BENCH_CONCURRENCY`
 * (default 2, the cores) how many are in flight at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPdfPool } from '../../src/server/pdf/index';
import { ReportFiles } from '../../src/server/reports/index';
import { localFileStore } from '../../src/server/storage/index';
import { launchBrowser } from '../e2e/browser';
import { sampleStudentReport } from '../helpers/sample-reports';
import { pageFooter, studentReportHtml } from './reports/report-html';

const COUNT = Number(process.env.BENCH_REPORTS) || 600;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY) || 2;
const BUNDLE = 1000;
const WARM_UP = 20;

/** Runs `work` for items 0..count-1 with `concurrency` in flight; answers the seconds it took. */
async function timed(count: number, concurrency: number, work: (index: number) => Promise<unknown>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

const rssMb = (pid: number) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log(`reports per renderer: ${COUNT}, in flight: ${CONCURRENCY}`);

// 1a. Typst in the worker pool.
const pool = createPdfPool({ size: CONCURRENCY });
await timed(WARM_UP, CONCURRENCY, (i) => pool.render(sampleStudentReport(i, 'ar')));
let typstBytes = 0;
const typstSeconds = await timed(COUNT, CONCURRENCY, async (i) => {
  typstBytes += (await pool.render(sampleStudentReport(i, 'ar'))).byteLength;
});
const typstRate = COUNT / typstSeconds;
console.log(
  `typst:    ${typstRate.toFixed(1)} reports/s (${typstSeconds.toFixed(2)} s, ${(typstBytes / COUNT / 1024).toFixed(1)} kB each)`,
);

// 1b. Chromium printing the same report from HTML, warm pages, same concurrency.
const browser = await launchBrowser();
const context = await browser.newContext();
const pages = await Promise.all(Array.from({ length: CONCURRENCY }, () => context.newPage()));
let free = [...pages];
const print = async (i: number) => {
  const page = free.pop()!;
  try {
    const doc = sampleStudentReport(i, 'ar');
    await page.setContent(studentReportHtml(doc), { waitUntil: 'load' });
    return await page.pdf({
      format: 'A4',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: pageFooter(doc),
      margin: { top: '18mm', bottom: '20mm', left: '18mm', right: '18mm' },
    });
  } finally {
    free.push(page);
  }
};
await timed(WARM_UP, CONCURRENCY, print);
free = [...pages];
let chromiumBytes = 0;
const chromiumSeconds = await timed(COUNT, CONCURRENCY, async (i) => {
  chromiumBytes += (await print(i)).byteLength;
});
const chromiumRate = COUNT / chromiumSeconds;
console.log(
  `chromium: ${chromiumRate.toFixed(1)} reports/s (${chromiumSeconds.toFixed(2)} s, ${(chromiumBytes / COUNT / 1024).toFixed(1)} kB each)`,
);
const sample = path.join(os.tmpdir(), 'bench-report-chromium.pdf');
fs.writeFileSync(sample, await print(0));
await browser.close();
console.log(`typst / chromium: ${(typstRate / chromiumRate).toFixed(1)}x (goal: at least 3x and 100 reports/s)`);

// 2. A bundle of 1,000 student reports, memory sampled meanwhile.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
const files = new ReportFiles(localFileStore(dir));
const samples: { main: number; workers: number }[] = [];
const sampler = setInterval(() => {
  const workers = pool.stats().pids.reduce((sum, pid) => sum + rssMb(pid), 0);
  samples.push({ main: process.memoryUsage().rss / 2 ** 20, workers });
}, 100);
async function* entries() {
  const window: Promise<Uint8Array>[] = [];
  let next = 0;
  const fill = () => {
    while (next < BUNDLE && window.length < 8) window.push(pool.render(sampleStudentReport(next++, 'ar')));
  };
  fill();
  for (let i = 0; i < BUNDLE; i++) {
    const data = await window.shift()!;
    fill();
    yield { name: `Student_Report_${i + 1}_ar.pdf`, data };
  }
}
const bundleStarted = performance.now();
const written = await files.writeBundle(1, entries());
const bundleSeconds = (performance.now() - bundleStarted) / 1000;
clearInterval(sampler);
await pool.close();
const peak = (key: 'main' | 'workers') => Math.max(...samples.map((s) => s[key]));
const first = samples.slice(0, 10);
const last = samples.slice(-10);
const mean = (list: typeof samples, key: 'main' | 'workers') => list.reduce((a, s) => a + s[key], 0) / list.length;
console.log(
  `bundle:   ${written.entries} reports in ${bundleSeconds.toFixed(2)} s (${(written.bytes / 2 ** 20).toFixed(1)} MB zip; goal under 15 s)`,
);
console.log(
  `memory:   bundle process ${mean(first, 'main').toFixed(0)} MB at the start, ${mean(last, 'main').toFixed(0)} MB at the end, peak ${peak('main').toFixed(0)} MB; workers peak ${peak('workers').toFixed(0)} MB in all`,
);
fs.rmSync(dir, { recursive: true, force: true });
console.log(`a Chromium sample: ${sample}`);
