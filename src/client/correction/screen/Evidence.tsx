import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionItem } from '../../../common/contracts/index';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import { formatClock } from '../../student';

interface EvidenceProps {
  item: CorrectionItem;
  /** What names the recording for assistive technology: "Recording of question 3". */
  label: string;
  /** The essay's word limit, when known. */
  maxWords?: number | null;
}

/** What the marker marks: an essay's word count, a spoken answer's recording with its length. */
export function Evidence({ item, label, maxWords }: EvidenceProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  return (
    <>
      {item.word_count !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="essay-word-count">
          {maxWords
            ? translate('correction_screen.word_count', { count: number(item.word_count), max: number(maxWords) })
            : translate('correction_screen.words', { count: number(item.word_count) })}
        </Typography>
      )}
      {item.recording && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          {/* The browser's own player: seeking matters when marking a long answer. */}
          <audio
            controls
            preload="metadata"
            src={item.recording.url}
            aria-label={label}
            data-testid="recording-audio"
          />
          <Typography variant="body2" color="text.secondary" data-testid="recording-duration">
            {translate('correction_screen.duration', {
              duration: formatClock(item.recording.duration_seconds, language),
            })}
          </Typography>
        </Box>
      )}
    </>
  );
}
