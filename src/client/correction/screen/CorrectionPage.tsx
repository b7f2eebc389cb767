import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { MarkingHandle } from '../../../common/correction/index';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { CORRECTION_PERMISSIONS, correctionPath, examStudentsPath } from '../access';
import { readListState } from '../listState';
import { useCorrection, useNeighbours } from '../queries';
import { AuditDialog } from './AuditDialog';
import { CorrectionToolbar } from './CorrectionToolbar';
import { LeaveGuard } from './LeaveDialog';
import { QuestionCard } from './QuestionCard';
import { ShortcutsHelp } from './ShortcutsHelp';
import { StudentSummary } from './StudentSummary';
import { useCorrectionDraft } from './useCorrectionDraft';
import { useCorrectionShortcuts } from './useCorrectionShortcuts';

function CorrectionScreen({ examId, handle }: { examId: number; handle: MarkingHandle }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { search } = useLocation();
  const access = useAccess();
  const canList = access.allows({ anyOf: CORRECTION_PERMISSIONS.students });
  const canMark = access.allows({ anyOf: CORRECTION_PERMISSIONS.mark });
  const canAudit = access.allows({ anyOf: CORRECTION_PERMISSIONS.audit });
  const correction = useCorrection(examId, handle);
  const neighbours = useNeighbours(examId, handle, readListState(search), canList);
  const view = correction.data;
  const draft = useCorrectionDraft(examId, handle, view);
  const [auditOpen, setAuditOpen] = useState(false);
  const canSave = Boolean(view?.marker.can_save && view.attempt && canMark);

  // The list's query rides along, so the next student is the list's next and "back" keeps its filters.
  const goTo = (next: MarkingHandle | null | undefined) => {
    if (next) navigate(correctionPath(examId, next, search));
  };
  const save = () => {
    if (canSave) void draft.save();
  };
  useCorrectionShortcuts({
    save,
    next: () => goTo(neighbours.data?.next),
    previous: () => goTo(neighbours.data?.previous),
  });

  return (
    <>
      <PageHeading
        title={translate('correction_screen.title')}
        back={{ to: canList ? examStudentsPath(examId, search) : '/exams', label: 'correction_screen.back' }}
      />
      {correction.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {correction.isError && <Alert severity="error">{translate('correction_screen.fetch_error')}</Alert>}
      {view && (
        <>
          <StudentSummary view={view} />
          <CorrectionToolbar
            neighbours={neighbours.data}
            onPrevious={() => goTo(neighbours.data?.previous)}
            onNext={() => goTo(neighbours.data?.next)}
            canSave={canSave}
            saving={draft.saving}
            unsaved={draft.changes.length}
            onSave={save}
            onAudit={canAudit && view.attempt ? () => setAuditOpen(true) : undefined}
          />
          <Box sx={{ mb: 2 }}>
            <ShortcutsHelp />
          </Box>
          {draft.conflict &&
            (draft.conflict.rebased ? (
              <Alert
                severity="warning"
                role="alert"
                sx={{ mb: 2 }}
                data-testid="correction-conflict"
                onClose={draft.dismissConflict}
                closeText={translate('correction_screen.conflict_dismiss')}
              >
                {translate('correction_screen.conflict_rebased')}
              </Alert>
            ) : (
              <Alert
                severity="error"
                role="alert"
                sx={{ mb: 2 }}
                data-testid="correction-conflict"
                action={
                  <Button color="inherit" size="small" onClick={() => void draft.reload()}>
                    {translate('correction_screen.reload')}
                  </Button>
                }
              >
                {draft.conflict.message} {translate('correction_screen.reload_note')}
              </Alert>
            ))}
          {!view.attempt ? (
            <Alert severity="info">{translate('correction_screen.not_submitted')}</Alert>
          ) : (
            <Box component="section" aria-labelledby="correction-answers-heading">
              <Typography variant="h5" component="h2" id="correction-answers-heading" sx={{ mb: 1 }}>
                {translate('correction_screen.answers')}
              </Typography>
              <Box component="ol" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
                {view.questions.map((question) => (
                  <QuestionCard
                    key={question.id}
                    question={question}
                    edits={draft.edits}
                    errors={draft.errors}
                    meanwhile={draft.meanwhile}
                    onEdit={draft.edit}
                    readOnly={!canSave}
                    role={view.marker.role}
                  />
                ))}
              </Box>
            </Box>
          )}
          {canAudit && (
            <AuditDialog
              examId={examId}
              handle={handle}
              view={view}
              open={auditOpen}
              onClose={() => setAuditOpen(false)}
            />
          )}
        </>
      )}
      <LeaveGuard dirty={draft.changes.length > 0} saving={draft.saving} save={draft.save} />
    </>
  );
}

/**
 * `/exams/{exam_id}/preview/students/{student_id}/correction` (SPEC section 2, Exam Correction), or
 * `/exams/{exam_id}/preview/anonymous/{code}/correction` under anonymous marking: a student's
 * answers with their marking. Each student gets a fresh screen (and fresh typed marks).
 */
export function CorrectionPage() {
  const params = useParams<{ examId: string; studentId?: string; code?: string }>();
  const examId = Number(params.examId);
  const handle: MarkingHandle = params.code ?? Number(params.studentId);
  return <CorrectionScreen key={`${examId}-${handle}`} examId={examId} handle={handle} />;
}
