import { Alert, Box, Checkbox, Chip, FormControlLabel, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionItem, CorrectionQuestion } from '../../../common/contracts/index';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import { ContentDirection, RichTextView } from '../../rich-text';
import { clampMark, type ItemDraft, type SavedMeanwhile } from './draft';
import { Evidence } from './Evidence';

const SLOT_NAMES: Record<number, string> = { 1: 'first', 2: 'second', 3: 'deciding' };

/** The marks of the other sheets, for the deciding marker and observers (blind markers get none). */
function OtherMarks({ item }: { item: CorrectionItem }) {
  const translate = useTranslate();
  const language = useLanguage();
  if (item.others.length === 0) return null;
  return (
    <Box component="section" aria-label={translate('correction_screen.others')} data-testid="other-marks">
      <Typography variant="subtitle2" component="h5">
        {translate('correction_screen.others')}
      </Typography>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 3 }}>
        {item.others.map((other) => {
          const slot = translate(`correction_screen.slots.${SLOT_NAMES[other.slot] ?? 'first'}`);
          return (
            <li key={other.slot}>
              {translate('correction_screen.other_mark', {
                marker: other.marker ? `${slot} (${other.marker})` : slot,
                mark: other.mark === null ? translate('correction_screen.no_mark') : formatNumber(other.mark, language),
              })}
              {other.comment && (
                <Typography component="span" color="text.secondary">
                  {' — '}
                  {other.comment}
                </Typography>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

export interface ItemMarkingProps {
  question: CorrectionQuestion;
  item: CorrectionItem;
  /** "Question 3", or "Question 3, part 2" for a related question of a paragraph. */
  label: string;
  /** The recording's name for assistive technology. */
  recordingLabel: string;
  value: ItemDraft;
  errors?: Partial<Record<'mark' | 'comment' | 'reason', string>>;
  /** What another save left on this item under the marker's kept draft. */
  savedMeanwhile?: SavedMeanwhile[string];
  onChange: (draft: ItemDraft) => void;
  /** The marker may not save (observer, mock exam, no place): nothing can be typed. */
  readOnly: boolean;
  /** A deciding marker marks only the answers the two markers disagree on. */
  markLocked: boolean;
}

/**
 * One thing to mark: its automatic score or the marker's mark (0 to its maximum), a comment, and
 * for an automatically scored item an override that needs a reason.
 */
export function ItemMarking({
  question,
  item,
  label,
  recordingLabel,
  value,
  errors,
  savedMeanwhile,
  onChange,
  readOnly,
  markLocked,
}: ItemMarkingProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const number = (n: number) => formatNumber(n, language);
  const id = item.part ? `${question.id}-${item.part}` : `${question.id}`;
  const marking = item.manual || value.override;
  const set = (change: Partial<ItemDraft>) => onChange({ ...value, ...change });

  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`correction-item-${id}`}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {item.part !== '' && (
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        )}
        <Chip
          size="small"
          variant="outlined"
          label={
            item.manual
              ? translate('correction_screen.manual', { max: number(item.max) })
              : translate('correction_screen.auto_score', { score: number(item.auto_score), max: number(item.max) })
          }
        />
        {item.final !== null && (
          <Chip
            size="small"
            color="primary"
            label={translate('correction_screen.final', { mark: number(item.final) })}
          />
        )}
        {item.needs_deciding && (
          <Chip size="small" color="warning" label={translate('correction_screen.needs_deciding')} />
        )}
        {item.disputed && !item.needs_deciding && (
          <Chip size="small" color="warning" variant="outlined" label={translate('correction_screen.disputed')} />
        )}
      </Box>
      {item.part !== '' && item.text && (
        <ContentDirection language={question.content_language}>
          <RichTextView html={item.text} />
        </ContentDirection>
      )}
      {item.part !== '' && <Evidence item={item} label={recordingLabel} />}
      <OtherMarks item={item} />
      {!item.manual && (
        <FormControlLabel
          control={
            <Checkbox
              checked={value.override}
              disabled={readOnly}
              onChange={(event) => set({ override: event.target.checked })}
              slotProps={{ input: { 'data-testid': `override-${id}` } as object }}
            />
          }
          label={translate('correction_screen.override')}
        />
      )}
      {savedMeanwhile && (
        <Alert severity="info" variant="outlined" sx={{ py: 0 }} data-testid={`saved-meanwhile-${id}`}>
          {translate('correction_screen.saved_meanwhile', {
            mark: savedMeanwhile.mark === null ? translate('correction_screen.no_mark') : number(savedMeanwhile.mark),
          })}
          {savedMeanwhile.comment && (
            <Typography component="span" color="text.secondary">
              {' — '}
              {savedMeanwhile.comment}
            </Typography>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {marking && (
          <TextField
            type="number"
            size="small"
            label={translate('correction_screen.mark')}
            value={value.mark}
            disabled={readOnly || markLocked}
            onChange={(event) => set({ mark: clampMark(event.target.value, item.max) })}
            error={Boolean(errors?.mark)}
            helperText={
              errors?.mark ?? translate('correction_screen.mark_help', { min: number(0), max: number(item.max) })
            }
            sx={{ width: 160 }}
            slotProps={{
              htmlInput: {
                min: 0,
                max: item.max,
                step: 'any',
                inputMode: 'decimal',
                'data-testid': `mark-${id}`,
                'data-mark-input': '',
              },
            }}
          />
        )}
        {!item.manual && value.override && (
          <TextField
            size="small"
            required
            label={translate('correction_screen.reason')}
            value={value.reason}
            disabled={readOnly}
            onChange={(event) => set({ reason: event.target.value })}
            error={Boolean(errors?.reason)}
            helperText={errors?.reason}
            sx={{ flex: '1 1 240px' }}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': `reason-${id}` } }}
          />
        )}
        <TextField
          size="small"
          multiline
          minRows={1}
          label={translate('correction_screen.comment')}
          value={value.comment}
          disabled={readOnly}
          onChange={(event) => set({ comment: event.target.value })}
          error={Boolean(errors?.comment)}
          helperText={errors?.comment}
          sx={{ flex: '2 1 280px' }}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': `comment-${id}` } }}
        />
      </Box>
    </Box>
  );
}
