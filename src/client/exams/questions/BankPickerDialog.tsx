import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { plainText } from '../../../common/questions/rich-text';
import { formatNumber } from '../../format';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { useRulePopup } from '../common/RulePopup';
import { READ_OPTIONS } from '../common/examQueries';
import type { BankQuestion, Exam, ExamQuestion } from '../types';

const PER_PAGE = 10;

interface BankPickerDialogProps {
  exam: Exam;
  /** Bank ids the exam already holds a copy of: marked, still selectable (a copy may be wanted twice). */
  existingSourceIds: ReadonlySet<number>;
  onClose: () => void;
  onAssigned: (questions: ExamQuestion[]) => void;
}

/**
 * "Add from questions bank": bank questions of the exam's platform and skills, searchable, several
 * at a time. Assigning copies them, so later bank edits never reach the exam.
 */
export function BankPickerDialog({ exam, existingSourceIds, onClose, onAssigned }: BankPickerDialogProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const showRefusal = useRulePopup();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  // Bank questions that may join the exam: its platform and one of its skills.
  const bank = useGetList<BankQuestion>(
    'questions-bank',
    {
      pagination: { page, perPage: PER_PAGE },
      sort: { field: 'id', order: 'DESC' },
      filter: { platform_id: exam.platform_id, skill_id: exam.skill_ids, search: search.trim() },
    },
    // The current page stays on screen while the next one loads.
    { ...READ_OPTIONS, placeholderData: keepPreviousData },
  );
  const rows = bank.data ?? [];
  const lastPage = Math.max(1, Math.ceil((bank.total ?? 0) / PER_PAGE));
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  const assign = async () => {
    setBusy(true);
    try {
      onAssigned((await dataProvider.assignExamQuestions(exam.id, selected)).data);
      notify.say('questions_added');
      onClose();
    } catch (error) {
      if (!showRefusal(error, 'edit', exam.id)) await notify.fail('add_questions_error', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="bank-picker-title">
      <DialogTitle id="bank-picker-title">{translate('exams.bank.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('exams.bank.hint')}
        </Typography>
        <TextField
          label={translate('exams.bank.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          size="small"
          fullWidth
          sx={{ mb: 1 }}
        />
        {bank.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        <Table size="small" data-testid="bank-table">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('exams.bank.text')}</TableCell>
              <TableCell>{translate('exams.bank.type')}</TableCell>
              <TableCell>{translate('resources.exams.fields.skill_ids')}</TableCell>
              <TableCell>{translate('exams.bank.mark')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((question) => {
              const text = plainText(question.text).trim();
              return (
                <TableRow key={question.id} hover onClick={() => toggle(question.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(question.id)}
                      slotProps={{ input: { 'aria-label': translate('exams.bank.select', { text }) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>
                    {/* The clipped line takes the question's own direction, so English in the Arabic
                        console is cut at its end, not its beginning. */}
                    <Typography noWrap title={text} dir="auto" sx={{ textAlign: 'start' }} data-testid="bank-text">
                      {text}
                    </Typography>
                    {existingSourceIds.has(question.id) && (
                      <Chip size="small" variant="outlined" label={translate('exams.bank.already_added')} />
                    )}
                  </TableCell>
                  <TableCell>{translate(`question_editor.kinds.${question.answer_type}`)}</TableCell>
                  <TableCell>
                    <bdi>{nameOf(question.skill, language)}</bdi>
                  </TableCell>
                  <TableCell>{formatNumber(question.mark, language)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {bank.isSuccess && rows.length === 0 && (
          <Typography sx={{ p: 2, textAlign: 'center' }}>{translate('exams.bank.none')}</Typography>
        )}
        {lastPage > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
            <Pagination count={lastPage} page={page} onChange={(_, value) => setPage(value)} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={selected.length === 0 || busy} onClick={() => void assign()}>
          {translate('exams.bank.add_selected', { count: formatNumber(selected.length, language) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
