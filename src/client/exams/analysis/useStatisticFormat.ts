import { useTranslate } from 'react-admin';
import { useLanguage } from '../../i18n/recordName';
import { formatShare, formatStatistic } from '../../format';

/**
 * The analysis' formatters bound to the reader's language: numbers, shares, and a 95% interval
 * worded by the catalog (null when there is none).
 */
export function useStatisticFormat() {
  const translate = useTranslate();
  const language = useLanguage();
  const number = (value: number | null, digits = 2) => formatStatistic(value, language, digits);
  return {
    language,
    number,
    share: (value: number | null) => formatShare(value, language),
    interval: (ci: readonly [number, number] | null, digits = 2) =>
      ci && translate('item_analysis.interval', { low: number(ci[0], digits), high: number(ci[1], digits) }),
  };
}
