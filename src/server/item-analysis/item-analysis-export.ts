import type { Language } from '../../../locales/index';
import type { ItemAnalysisReport, ItemStatisticsRow } from '../../common/contracts/index';
import type { CsvCell } from '../../common/csv';
import { translate } from '../http/i18n';
import { sheetFile, type SheetFormat } from '../http/sheet-file';

type Column = [header: string, value: (item: ItemStatisticsRow) => CsvCell];

/**
 * An exam's item statistics as a sheet, one row per question, headed and worded in the reader's
 * language: the classical figures, the Rasch calibration, and each option's share and point-biserial.
 * An adaptive exam's: each question over the students given it, its exposure, bank difficulty and
 * correlation with ability, and nothing that compares a student's questions with another's.
 */
export function itemAnalysisSheet(report: ItemAnalysisReport, format: SheetFormat, lang: Language): Promise<Buffer> {
  const t = (key: string) => translate(lang, `item_analysis.${key}`);
  const options = (item: ItemStatisticsRow) =>
    (item.options ?? [])
      .map((option) => {
        const label = item.answer_type === 'true_false' ? t(`values.${option.id}`) : option.text;
        return `${label}${option.correct ? ` (${t('correct')})` : ''}: ${option.share}, ${option.point_biserial ?? ''}`;
      })
      .join(' | ');
  const first: Column[] = [
    [t('export.position'), (item) => item.position],
    [t('question'), (item) => item.text],
    [t('type'), (item) => translate(lang, `question_editor.kinds.${item.answer_type}`)],
    [t('max'), (item) => item.max],
    [t('mean'), (item) => item.mean],
    [t('facility'), (item) => item.facility],
  ];
  const columns: Column[] = report.adaptive
    ? [...first, ...adaptiveColumns(report, t)]
    : [...first, ...fixedColumns(report, t)];
  columns.push([t('export.options'), options]);
  const rows: CsvCell[][] = report.items.map((item) => columns.map(([, value]) => value(item)));
  return sheetFile(format, t('export.sheet'), [columns.map(([header]) => header), ...rows], lang);
}

function fixedColumns(report: ItemAnalysisReport, t: (key: string) => string): Column[] {
  const rasch = new Map((report.rasch?.items ?? []).map((item) => [item.id, item]));
  return [
    [t('item_rest'), (item) => item.item_rest_correlation],
    [t('item_total'), (item) => item.item_total_correlation],
    [t('alpha_if_deleted'), (item) => item.alpha_if_deleted],
    [t('discrimination'), (item) => item.discrimination_index],
    [t('flags_title'), (item) => item.flags.map((flag) => t(`flags.${flag}`)).join(', ')],
    [t('export.rasch_difficulty'), (item) => rasch.get(item.id)?.difficulty ?? null],
    [t('export.rasch_se'), (item) => rasch.get(item.id)?.se ?? null],
    [t('export.infit'), (item) => rasch.get(item.id)?.infit ?? null],
    [t('export.outfit'), (item) => rasch.get(item.id)?.outfit ?? null],
  ];
}

function adaptiveColumns(report: ItemAnalysisReport, t: (key: string) => string): Column[] {
  const use = new Map(report.adaptive!.questions.map((question) => [question.id, question]));
  return [
    [t('discrimination'), (item) => item.discrimination_index],
    [t('adaptive.given'), (item) => use.get(item.id)?.given ?? 0],
    [t('adaptive.exposure'), (item) => use.get(item.id)?.exposure ?? 0],
    [t('adaptive.difficulty'), (item) => use.get(item.id)?.difficulty ?? null],
    [t('adaptive.ability_correlation'), (item) => use.get(item.id)?.ability_correlation ?? null],
  ];
}
