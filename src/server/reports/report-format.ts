import type { Language } from '../../../locales/index';
import { nameComparator, type TierKey } from '../../common/reports/index';
import { translate } from '../http/i18n';

/** Every figure of a report shows at most two decimals, in one place for every kind of figure. */
const DECIMALS = 2;

/** A figure rounded as the reports show it. */
export const asShown = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;

/**
 * Words, names, numbers and dates of a report in one language. A report shows a mark as points out
 * of the maximum ("86.96 / 100") and everything else as a percentage ("86.96%"), both through these
 * functions only, so one value never appears rounded two ways.
 */
export class ReportWords {
  private readonly number: Intl.NumberFormat;
  private readonly percentFormat: Intl.NumberFormat;
  /** Orders people's and classes' names for this reader (their script first). */
  readonly compareNames: (a: string, b: string) => number;

  constructor(readonly lang: Language) {
    this.number = new Intl.NumberFormat(lang, { maximumFractionDigits: DECIMALS });
    this.percentFormat = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: DECIMALS });
    this.compareNames = nameComparator(lang);
  }

  t = (key: string, params?: Record<string, string | number>) => translate(this.lang, `reports.pdf.${key}`, params);
  /** A name in the report's language, or the other one where it has none (a student imported without an Arabic name). */
  name = (record: { name_en: string; name_ar: string }) =>
    this.lang === 'ar' ? record.name_ar || record.name_en : record.name_en || record.name_ar;
  /** A count or a plain number. */
  num = (value: number) => this.number.format(value);
  /** A percentage (0 to 100): "86.96%". */
  percent = (value: number) => this.percentFormat.format(asShown(value) / 100);
  /** Points out of a maximum: "86.96 / 100". */
  outOf = (score: number, max: number) => this.t('out_of', { score: this.num(score), max: this.num(max) });
  tier = (tier: TierKey) => this.t(`tiers.${tier}`);
  result = (passed: boolean) => this.t(passed ? 'passed' : 'failed');
  date = (date: Date, timeZone: string) =>
    new Intl.DateTimeFormat(this.lang, { dateStyle: 'long', timeZone }).format(date);
}
