import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DifComparison, ItemAnalysisReport } from '../../../common/contracts/index';
import { nameOf } from '../../i18n/recordName';
import { DifItemTable } from './DifItemTable';
import { useStatisticFormat } from './useStatisticFormat';

type DifGroup = NonNullable<DifComparison['reference']>;

/** Differential item functioning: per grouping, its reference group and each focal group's questions by ETS category. */
export function DifPanel({ dif, limits }: { dif: DifComparison[]; limits: ItemAnalysisReport['limits'] }) {
  const translate = useTranslate();
  const { number } = useStatisticFormat();
  const min = number(limits.dif_min_group, 0);
  const compared = dif.some((comparison) => comparison.focal.some((group) => group.items.length > 0));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="dif-help">
        {translate('item_analysis.dif.help', {
          min,
          moderate: number(limits.dif_moderate_d),
          large: number(limits.dif_large_d),
        })}
      </Typography>
      {compared ? (
        dif.map((comparison) => <Comparison key={comparison.by} comparison={comparison} />)
      ) : (
        <Alert severity="info">{translate('item_analysis.dif.none', { min })}</Alert>
      )}
    </>
  );
}

function Comparison({ comparison }: { comparison: DifComparison }) {
  const translate = useTranslate();
  const { number, language } = useStatisticFormat();
  const t = (key: string, options?: object) => translate(`item_analysis.dif.${key}`, options);
  /** A group as "name (24 students)"; the original version and genders are named by the catalog. */
  const group = (role: 'reference' | 'focal', { key, name_en, name_ar, n }: DifGroup) => {
    const name =
      comparison.by === 'language' && key === 'original'
        ? t('original')
        : comparison.by === 'gender'
          ? t(`genders.${key}`, { _: key })
          : nameOf({ name_en, name_ar, name: key }, language);
    return (
      <>
        {t(role)}: <bdi>{name}</bdi> (
        {translate('item_analysis.rasch.persons_count', { smart_count: n, count: number(n, 0) })})
      </>
    );
  };
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid={`dif-${comparison.by}`}>
      <Typography variant="h6" component="h3">
        {t(`by.${comparison.by}`)}
      </Typography>
      {comparison.reference && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="dif-reference">
          {group('reference', comparison.reference)}
        </Typography>
      )}
      {comparison.focal.map((focal) => (
        <Box key={focal.key} sx={{ mb: 2 }} data-testid="dif-focal">
          <Typography variant="subtitle2" component="h4">
            {group('focal', focal)}
            {focal.skipped && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' — '}
                {t(focal.skipped)}
              </Typography>
            )}
          </Typography>
          {!focal.skipped && focal.items.length > 0 && <DifItemTable items={focal.items} />}
        </Box>
      ))}
    </Box>
  );
}
