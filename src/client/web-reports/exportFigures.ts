import type { WebReportResults } from '../../common/contracts/index';
import { nameOf } from '../i18n/recordName';
import { saveFile } from '../components/saveFile';
import { formatPercent } from './formatFigures';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The figures of the current view as rows (section, item, value): participation, average, skills,
 * tiers, scales, the comparative groups and the leaderboard, worded in the reader's language.
 */
export function figureRows(results: WebReportResults, translate: Translate, language: string): string[][] {
  const t = (key: string) => translate(`web_reports.${key}`);
  const rows: string[][] = [[t('export.section'), t('export.item'), t('export.value')]];
  const figures = (prefix: string, f: WebReportResults['figures']) => {
    for (const key of ['schools', 'subscribed', 'assigned', 'completed', 'non_submitters'] as const)
      rows.push([`${prefix}${t('participation.title')}`, t(`participation.${key}`), String(f.participation[key])]);
    rows.push([`${prefix}${t('average')}`, t('average'), formatPercent(f.average, language)]);
    for (const skill of f.skills)
      rows.push([`${prefix}${t('skills.title')}`, nameOf(skill, language), formatPercent(skill.average, language)]);
    for (const tier of f.tiers)
      rows.push([
        `${prefix}${t('tiers.title')}`,
        t(`tiers.${tier.key}`),
        `${tier.count} (${formatPercent(tier.share, language)})`,
      ]);
    for (const scale of f.scales) {
      const section = `${prefix}${t('scales.title')} — ${nameOf(scale, language)}`;
      rows.push([section, t('scales.measured'), String(scale.measured)]);
      rows.push([section, t('scales.mean'), scale.mean_score === null ? '—' : String(scale.mean_score)]);
      for (const level of scale.levels)
        rows.push([
          section,
          t(`scales.levels.${level.key}`),
          `${level.count} (${formatPercent(level.share, language)})`,
        ]);
    }
  };
  figures('', results.figures);
  for (const group of results.comparative?.groups ?? []) figures(`${nameOf(group, language)} — `, group.figures);
  if (results.leaderboard)
    for (const [list, entries] of [
      ['top', results.leaderboard.top],
      ['lowest', results.leaderboard.lowest],
    ] as const)
      for (const row of entries)
        rows.push([
          t(`leaderboard.${list}`),
          `${row.rank}. ${nameOf(row.student, language)} (${nameOf(row.school_class, language)})`,
          formatPercent(row.percent, language),
        ]);
  return rows;
}

/**
 * CSV with a byte order mark, so spreadsheet programs read the Arabic as UTF-8; names that start
 * like a formula (a school called `=HYPERLINK(...)`) stay text (`toCsv`, loaded only when asked).
 */
export async function downloadCsv(rows: string[][], name: string): Promise<void> {
  const { toCsv } = await import('../../common/csv');
  const blob = new Blob([`\uFEFF${toCsv(rows)}`], { type: 'text/csv;charset=utf-8' });
  saveFile({ blob, fileName: `${name}-${today()}.csv` });
}

/** An Excel workbook of the same rows, right to left in Arabic; exceljs loads only when asked. */
export async function downloadXlsx(rows: string[][], name: string, rtl: boolean): Promise<void> {
  // exceljs is CommonJS: its classes come as named or as default exports depending on the bundler.
  const exceljs = (await import('exceljs')) as unknown as typeof import('exceljs') & {
    default?: typeof import('exceljs');
  };
  const Workbook = exceljs.Workbook ?? exceljs.default!.Workbook;
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Figures', { views: [{ rightToLeft: rtl }] });
  sheet.addRows(rows);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 36));
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  saveFile({ blob, fileName: `${name}-${today()}.xlsx` });
}

/** A card as drawn, as a PNG (html-to-image loads only when asked). */
export async function downloadPng(node: HTMLElement, name: string): Promise<void> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(node, {
    backgroundColor: '#ffffff',
    pixelRatio: 2,
    filter: (element) => !(element instanceof HTMLElement && element.hasAttribute('data-html2image-ignore')),
  });
  if (blob) saveFile({ blob, fileName: `${name}-${today()}.png` });
}
