import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CorrectionView } from '../../../common/contracts/index';
import type { MarkingHandle } from '../../../common/correction/index';
import { formatDateTime, formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import { useCorrectionAudit } from '../queries';

const SLOT_NAMES: Record<number, string> = { 1: 'first', 2: 'second', 3: 'deciding' };

interface AuditDialogProps {
  examId: number;
  handle: MarkingHandle;
  view: CorrectionView;
  open: boolean;
  onClose: () => void;
}

/** Every change of a mark of this attempt, oldest first: who, when, where, from what to what, and why. */
export function AuditDialog({ examId, handle, view, open, onClose }: AuditDialogProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const arrow = useTheme().direction === 'rtl' ? '←' : '→';
  const audit = useCorrectionAudit(examId, handle, open);
  const t = (key: string, args?: Record<string, unknown>) => translate(`correction_screen.audit.${key}`, args);
  const none = t('none');
  const mark = (value: number | null) => (value === null ? none : formatNumber(value, language));
  const questionLabel = (questionId: number, part: string) => {
    const question = view.questions.find((q) => q.id === questionId);
    if (!question) return `#${questionId}`;
    const number = formatNumber(question.number, language);
    if (part === '') return translate('correction_screen.question', { number });
    const index = question.items.filter((item) => item.part !== '').findIndex((item) => item.part === part);
    return translate('correction_screen.part', { number, part: formatNumber(index + 1, language) });
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="correction-audit-title">
      <DialogTitle id="correction-audit-title">{t('title')}</DialogTitle>
      <DialogContent>
        {audit.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {audit.isError && <Alert severity="error">{t('error')}</Alert>}
        {audit.data && audit.data.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
        {audit.data && audit.data.length > 0 && (
          <Table size="small" data-testid="correction-audit">
            <TableHead>
              <TableRow>
                <TableCell>{t('when')}</TableCell>
                <TableCell>{t('who')}</TableCell>
                <TableCell>{t('question')}</TableCell>
                <TableCell>{t('sheet')}</TableCell>
                <TableCell>{t('change')}</TableCell>
                <TableCell>{t('reason')}</TableCell>
                <TableCell>{t('comment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audit.data.map((entry) => (
                <TableRow key={entry.id} data-testid="correction-audit-entry">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, language)}</TableCell>
                  <TableCell>{entry.user.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{questionLabel(entry.question_id, entry.part)}</TableCell>
                  <TableCell>{translate(`correction_screen.slots.${SLOT_NAMES[entry.slot] ?? 'first'}`)}</TableCell>
                  {/* Arrows follow the reading direction: old on the start side, new on the end side. */}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {mark(entry.old_mark)} {arrow} {mark(entry.new_mark)}
                  </TableCell>
                  <TableCell>{entry.reason ?? none}</TableCell>
                  <TableCell>{entry.new_comment ?? none}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
