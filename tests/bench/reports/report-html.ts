import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { ReportDocument } from '../../../src/server/pdf/index';

/**
 * The student report as an HTML page, for the benchmark's headless-browser baseline: the same
 * content and layout as the Typst template (header, facts, total, skills table and bar chart,
 * outcomes, page numbers), the same font (Vazirmatn, embedded), right to left in Arabic.
 */
const require = createRequire(import.meta.url);
const fontDir = `${require.resolve('vazirmatn/package.json').replace(/package\.json$/, '')}fonts/ttf/`;
const font = (file: string) => fs.readFileSync(`${fontDir}${file}`).toString('base64');
const FONTS = `
@font-face { font-family: Vazirmatn; font-weight: 400; src: url(data:font/ttf;base64,${font('Vazirmatn-Regular.ttf')}); }
@font-face { font-family: Vazirmatn; font-weight: 700; src: url(data:font/ttf;base64,${font('Vazirmatn-Bold.ttf')}); }`;

const TIER_COLORS = {
  below: '#d9534f',
  within: '#f0ad4e',
  above: '#2e7d32',
  approaching: '#f0ad4e',
  meeting: '#2e7d32',
  exceeding: '#1565c0',
} as const;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const isolate = (text: string, ltr?: boolean) => (ltr ? `<bdi dir="ltr">${escape(text)}</bdi>` : escape(text));

function scoreTable(doc: ReportDocument, title: string, first: string, rows: ReportDocument['skills']) {
  const body = rows
    .map(
      (row) =>
        `<tr><td>${escape(row.name)}</td><td><bdi>${escape(row.score)}</bdi></td><td><bdi>${escape(row.percent_text)}</bdi></td><td>${escape(row.tier_name)}</td></tr>`,
    )
    .join('');
  return `<h2>${escape(title)}</h2><table><thead><tr><th>${escape(first)}</th><th>${escape(doc.labels.score)}</th><th>${escape(doc.labels.percent)}</th><th>${escape(doc.labels.tier)}</th></tr></thead><tbody>${body}</tbody></table>`;
}

function chart(doc: ReportDocument) {
  const bars = doc.skills
    .map(
      (row) =>
        `<div class="bar-row"><span class="bar-name">${escape(row.name)}</span><span class="bar-track"><span class="bar" style="width:${row.percent}%;background:${TIER_COLORS[row.tier]}"></span></span><bdi class="bar-value">${escape(row.percent_text)}</bdi></div>`,
    )
    .join('');
  return `<h2>${escape(doc.labels.chart)}</h2><div class="chart">${bars}</div>`;
}

/** A student report document as a complete HTML page. */
export function studentReportHtml(doc: ReportDocument): string {
  const dir = doc.lang === 'ar' ? 'rtl' : 'ltr';
  const facts = doc.facts
    .map((f) => `<div class="fact"><span class="label">${escape(f.label)}</span> ${isolate(f.value, f.ltr)}</div>`)
    .join('');
  const total = doc.total
    ? `<div class="total"><span>${escape(doc.labels.total)}: <bdi>${escape(doc.total.value)}</bdi></span>${doc.total.result ? `<span class="${doc.total.passed ? 'pass' : 'fail'}">${escape(doc.labels.result)}: ${escape(doc.total.result)}</span>` : ''}</div>`
    : '';
  return `<!doctype html><html lang="${doc.lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escape(doc.title)}</title>
<style>${FONTS}
@page { size: A4; margin: 18mm 18mm 20mm; }
body { font-family: Vazirmatn; font-size: 10pt; color: #222; margin: 0; }
header { display: flex; justify-content: space-between; border-bottom: 1px solid #999; padding-bottom: 4px; color: #555; }
h1 { font-size: 18pt; margin: 10px 0; } h2 { font-size: 12pt; margin: 14px 0 6px; }
.facts { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 16px; }
.label { color: #666; }
.total { display: flex; gap: 24px; font-weight: 700; font-size: 12pt; margin-top: 10px; }
.pass { color: #2e7d32; } .fail { color: #c62828; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #bbb; padding: 3px 6px; text-align: start; }
th { background: #eee; }
.bar-row { display: flex; align-items: center; gap: 8px; margin: 3px 0; }
.bar-name { width: 25%; } .bar-track { flex: 1; height: 12px; background: #f2f2f2; display: flex; }
.bar { height: 12px; display: block; } .bar-value { width: 10%; }
</style></head><body>
<header><span>${escape(doc.header.school)}</span><span>${escape(doc.header.platform)}</span></header>
<h1>${escape(doc.title)}</h1><div class="facts">${facts}</div>${total}
${scoreTable(doc, doc.labels.skills, doc.labels.skill, doc.skills)}${chart(doc)}
${doc.outcomes?.length ? scoreTable(doc, doc.labels.outcomes, doc.labels.outcome, doc.outcomes) : ''}
</body></html>`;
}

/** Chromium's footer with the page numbers, as the Typst template prints them. */
export const pageFooter = (doc: ReportDocument) =>
  `<div style="font-family: sans-serif; font-size: 8pt; width: 100%; text-align: center;">${escape(doc.page_label.page)} <span class="pageNumber"></span> ${escape(doc.page_label.of)} <span class="totalPages"></span></div>`;
