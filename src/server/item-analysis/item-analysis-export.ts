import type { Language } from '../../../locales/index';
import type { ItemAnalysisReport } from '../../common/contracts/index';
import type { CsvCell } from '../../common/csv';
import { translate } from '../http/i18n';
import { sheetFile, type SheetFormat } from '../http/sheet-file';

/**
 * An exam's item statistics as a sheet, one row per question, headed and worded in the reader's
 * language: the classical figures, the Rasch calibration, and each option's share and point-biserial.
 */
export function itemAnalysisSheet(report: ItemAnalysisReport, format: SheetFormat, lang: Language): Promise<Buffer> {
  const t = (key: string) => translate(lang, `item_analysis.${key}`);
  const rasch = new Map((report.rasch?.items ?? []).map((item) => [item.id, item]));
  const header = [
    t('export.position'),
    t('question'),
    t('type'),
    t('max'),
    t('mean'),
    t('facility'),
    t('item_rest'),
    t('item_total'),
    t('alpha_if_deleted'),
    t('discrimination'),
    t('flags_title'),
    t('export.rasch_difficulty'),
    t('export.rasch_se'),
    t('export.infit'),
    t('export.outfit'),
    t('export.options'),
  ];
  const rows: CsvCell[][] = report.items.map((item) => {
    const calibrated = rasch.get(item.id);
    const options = (item.options ?? [])
      .map((option) => {
        const label = item.answer_type === 'true_false' ? t(`values.${option.id}`) : option.text;
        return `${label}${option.correct ? ` (${t('correct')})` : ''}: ${option.share}, ${option.point_biserial ?? ''}`;
      })
      .join(' | ');
    return [
      item.position,
      item.text,
      translate(lang, `question_editor.kinds.${item.answer_type}`),
      item.max,
      item.mean,
      item.facility,
      item.item_rest_correlation,
      item.item_total_correlation,
      item.alpha_if_deleted,
      item.discrimination_index,
      item.flags.map((flag) => t(`flags.${flag}`)).join(', '),
      calibrated?.difficulty ?? null,
      calibrated?.se ?? null,
      calibrated?.infit ?? null,
      calibrated?.outfit ?? null,
      options,
    ];
  });
  return sheetFile(format, t('export.sheet'), [header, ...rows], lang);
}
