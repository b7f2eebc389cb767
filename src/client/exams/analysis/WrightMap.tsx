import { Box, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import type { RaschCalibration } from '../../../common/contracts/index';
import { useStatisticFormat } from './useStatisticFormat';

type PersonItemMap = RaschCalibration['map'];

/** The bands from the highest logits down, each with the questions whose difficulty falls in it. */
export function mapBands(map: PersonItemMap) {
  const bands = [...map.bins].sort((a, b) => b.from - a.from).map((bin) => ({ ...bin, positions: [] as number[] }));
  if (bands.length === 0) return bands;
  for (const item of [...map.items].sort((a, b) => a.position - b.position)) {
    // [from, to): the top band also takes what lies above it, the bottom one what lies below.
    const band = bands.find((candidate) => item.difficulty >= candidate.from) ?? bands[bands.length - 1];
    band.positions.push(item.position);
  }
  return bands;
}

/** Share of the students' side the widest band's bar may take; the rest holds its count. */
const BAR_ROOM = 80;

/**
 * The person–item (Wright) map: one row per band of the logit scale, highest at the top, the
 * students as a bar on the inline-start side, the questions' numbers on the inline-end side.
 * Drawn with a grid and flex rows, it mirrors with the page in Arabic. Screen readers get the
 * same figures as a table; the drawing is hidden from them.
 */
export function WrightMap({ map }: { map: PersonItemMap }) {
  const translate = useTranslate();
  const { number, language } = useStatisticFormat();
  const t = (key: string, options?: object) => translate(`item_analysis.rasch.${key}`, options);
  const bands = mapBands(map);
  if (bands.length === 0) return null;
  const most = Math.max(1, ...bands.map((band) => band.persons));
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const row = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 9em minmax(0, 1fr)', columnGap: 1 };
  return (
    <Box component="section" aria-labelledby="wright-map-title" data-testid="wright-map">
      <Typography variant="h6" component="h3" id="wright-map-title">
        {t('map')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('map_help')}
      </Typography>
      <Box aria-hidden sx={{ maxWidth: 720 }}>
        <Box sx={{ ...row, mb: 0.5 }}>
          <Typography variant="caption" sx={{ textAlign: 'end' }}>
            {t('map_persons')}
          </Typography>
          <Typography variant="caption" sx={{ textAlign: 'center' }}>
            {t('logits')}
          </Typography>
          <Typography variant="caption">{t('map_items')}</Typography>
        </Box>
        {bands.map((band) => (
          <Box key={band.from} sx={{ ...row, minHeight: 24, alignItems: 'center' }} data-testid="wright-band">
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
              {band.persons > 0 && <Typography variant="caption">{number(band.persons, 0)}</Typography>}
              <Box
                data-testid="wright-bar"
                sx={{ height: 14, bgcolor: 'primary.main', borderRadius: 0.5 }}
                style={{ width: `${(band.persons / most) * BAR_ROOM}%` }}
              />
            </Box>
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="wright-band-range"
              sx={{
                textAlign: 'center',
                alignSelf: 'stretch',
                borderInline: (theme) => `1px solid ${theme.palette.divider}`,
              }}
            >
              {number(band.from)} – {number(band.to)}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="wright-items">
              {band.positions.map((position) => (
                <Typography
                  key={position}
                  variant="caption"
                  sx={{ border: 1, borderColor: 'secondary.main', borderRadius: 1, px: 0.5 }}
                >
                  {number(position, 0)}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('map')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('logits')}</th>
            <th scope="col">{t('map_persons')}</th>
            <th scope="col">{t('map_items')}</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band) => (
            <tr key={band.from}>
              <th scope="row">{t('map_band', { from: number(band.from), to: number(band.to) })}</th>
              <td>{t('persons_count', { smart_count: band.persons, count: number(band.persons, 0) })}</td>
              <td>
                {band.positions.length ? list.format(band.positions.map((position) => number(position, 0))) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
