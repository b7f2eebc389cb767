import { Button, ButtonGroup, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookmarkBooklet } from '../../common/contracts/index';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';
import { CUT_KEYS, levelUnder, LEVEL_COLOURS, type DraftCuts } from './cutLevels';

/**
 * The ordered item booklet: the questions easiest first at their RP 0.67 location. Placing a
 * bookmark on a question sets that cut at its location: the first question a student at the level
 * masters.
 */
export function BookletTable({
  items,
  cuts,
  onPlace,
}: {
  items: BookmarkBooklet['items'];
  cuts: DraftCuts;
  onPlace: (key: (typeof CUT_KEYS)[number], location: number) => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string, options?: object) => translate(`calibrations.bookmark.${key}`, options);
  return (
    <Table size="small" aria-label={t('booklet')} data-testid="booklet">
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>{t('location')}</TableCell>
          <TableCell>{t('question')}</TableCell>
          <TableCell>{t('bookmark')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item, index) => {
          const level = levelUnder(cuts, item.location);
          return (
            <TableRow
              key={item.question_id}
              data-testid="booklet-row"
              sx={level ? { borderInlineStart: `4px solid ${LEVEL_COLOURS[level]}` } : undefined}
            >
              <TableCell>{formatNumber(index + 1, language)}</TableCell>
              <TableCell>{formatNumber(item.location, language)}</TableCell>
              <TableCell sx={{ maxWidth: 420 }}>{item.text}</TableCell>
              <TableCell>
                <ButtonGroup size="small" aria-label={t('bookmark')}>
                  {CUT_KEYS.map((key) => (
                    <Button
                      key={key}
                      variant={cuts[key] === Math.round(item.location) ? 'contained' : 'outlined'}
                      onClick={() => onPlace(key, Math.round(item.location))}
                      aria-label={t('place', {
                        short: t(`short.${key}`),
                        level: t(`cuts.${key}`),
                        position: index + 1,
                      })}
                    >
                      {t(`short.${key}`)}
                    </Button>
                  ))}
                </ButtonGroup>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
