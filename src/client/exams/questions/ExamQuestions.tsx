import AddIcon from '@mui/icons-material/Add';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { formatNumber } from '../../format';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { useRulePopup } from '../common/RulePopup';
import { useExamAccess } from '../common/useExamAccess';
import { useExamQuestions } from '../common/examQueries';
import type { Exam, ExamQuestion } from '../types';
import { BankPickerDialog } from './BankPickerDialog';
import { CreateQuestionDialog } from './CreateQuestionDialog';
import { SortableQuestions } from './SortableQuestions';
import { useLanguage } from '../../i18n/recordName';

/**
 * The exam's questions inside its form (SPEC section 5): add from the bank, create in place,
 * remove and reorder. Before the exam is saved (or while its form has unsaved changes) adding
 * is refused with the spec's "unsaved exam" message: the server checks the saved exam.
 * Read-only while the exam is published.
 */
export function ExamQuestions({
  exam,
  unsaved,
  readOnly = false,
}: {
  exam: Exam | null;
  unsaved: boolean;
  readOnly?: boolean;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const showRefusal = useRulePopup();
  const { can } = useExamAccess();
  const { query: questions, setQuestions } = useExamQuestions(exam?.id ?? null);
  const [dialog, setDialog] = useState<'bank' | 'create' | null>(null);
  const [removing, setRemoving] = useState<ExamQuestion | null>(null);
  const list = exam ? (questions.data ?? []) : [];
  // A published exam's questions are frozen: no adding, removing or reordering (and no dialogs).
  const canChange = !readOnly && (can('edit') || can('create'));
  const total = list.reduce((sum, question) => sum + question.mark, 0);

  const open = (which: 'bank' | 'create') => {
    if (!exam || unsaved) notify.text(translate('exams.errors.unsaved'), 'warning');
    else setDialog(which);
  };
  const refused = async (error: unknown, toast: string) => {
    if (!exam || !showRefusal(error, 'edit', exam.id)) await notify.fail(toast, error);
  };
  const reorder = async (ids: number[]) => {
    if (!exam) return;
    const before = list;
    setQuestions(ids.map((id) => before.find((question) => question.id === id)!));
    try {
      setQuestions((await dataProvider.reorderExamQuestions(exam.id, ids)).data);
      notify.say('questions_reordered');
    } catch (error) {
      setQuestions(before);
      await refused(error, 'reorder_error');
    }
  };
  const remove = async (question: ExamQuestion) => {
    if (!exam) return;
    try {
      await dataProvider.removeExamQuestion(exam.id, question.id);
      setQuestions(list.filter((q) => q.id !== question.id));
      notify.say('question_removed');
    } catch (error) {
      await refused(error, 'question_remove_error');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="exam-questions-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="exam-questions-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('exams.questions.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="questions-total">
          {translate('exams.questions.summary', {
            count: formatNumber(list.length, language),
            mark: formatNumber(total, language),
          })}
        </Typography>
        {canChange && can('bank') && (
          <Button variant="outlined" startIcon={<LibraryAddIcon />} onClick={() => open('bank')}>
            {translate('exams.questions.add_from_bank')}
          </Button>
        )}
        {canChange && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => open('create')}>
            {translate('exams.questions.create')}
          </Button>
        )}
      </Box>
      {exam && questions.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {questions.isError && <Alert severity="error">{translate('exams.notifications.questions_fetch_error')}</Alert>}
      {list.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {translate(exam ? 'exams.questions.empty' : 'exams.questions.save_first')}
        </Typography>
      ) : (
        <SortableQuestions
          questions={list}
          onReorder={(ids) => void reorder(ids)}
          onRemove={canChange ? setRemoving : undefined}
          disabled={!canChange}
        />
      )}
      {exam && dialog === 'bank' && (
        <BankPickerDialog
          exam={exam}
          existingSourceIds={new Set(list.map((q) => q.source_question_id ?? 0))}
          onClose={() => setDialog(null)}
          onAssigned={setQuestions}
        />
      )}
      {exam && dialog === 'create' && (
        <CreateQuestionDialog exam={exam} onClose={() => setDialog(null)} onCreated={() => void questions.refetch()} />
      )}
      <Confirm
        isOpen={removing !== null}
        title="exams.questions.remove_title"
        content="exams.questions.remove_content"
        confirm="exams.questions.remove_confirm"
        confirmColor="warning"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const question = removing;
          setRemoving(null);
          if (question) void remove(question);
        }}
      />
    </Paper>
  );
}
