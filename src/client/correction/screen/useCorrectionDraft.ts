import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CorrectionView } from '../../../common/contracts/index';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { serverMessageOf, statusOf, type ConsoleErrorBody } from '../../providers/errors';
import { correctionKey } from '../queries';
import { bodyOf, changesOf, localErrors, serverErrors, type Edits, type ItemDraft, type ItemErrors } from './draft';

/**
 * The marker's typed marks over a correction, and saving them: only the changed items are sent,
 * with the version read. A save answers the new correction, which becomes the saved state; a 409
 * (another save came first) keeps what was typed and says so until the marker reloads.
 */
export function useCorrectionDraft(examId: number, studentId: number, view: CorrectionView | undefined) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotifyResult('correction');
  const [edits, setEdits] = useState<Edits>({});
  const [errors, setErrors] = useState<ItemErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const changes = useMemo(() => (view ? changesOf(view, edits) : []), [view, edits]);

  const edit = useCallback((key: string, draft: ItemDraft) => {
    setEdits((current) => ({ ...current, [key]: draft }));
    setErrors((current) => {
      if (!current[key]) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  /** Saves the changes; true when nothing is left unsaved. */
  const save = useCallback(async (): Promise<boolean> => {
    if (!view || !view.marker.can_save || inFlight.current) return false;
    if (changes.length === 0) {
      notify.say('nothing_to_save', 'info');
      return true;
    }
    const local = localErrors(changes, translate('correction.errors.reason_required'));
    if (Object.keys(local).length > 0) {
      setErrors(local);
      notify.say('save_error', 'error');
      return false;
    }
    inFlight.current = true;
    setSaving(true);
    setErrors({});
    const sent = edits;
    try {
      const { data, message } = await dataProvider.submitCorrection(bodyOf(view, changes));
      queryClient.setQueryData(correctionKey(examId, studentId), data);
      // What was typed while the save travelled stays a change.
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([key, draft]) => sent[key] !== draft)));
      setConflict(null);
      notify.text(message || translate('correction.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: ['correction', 'assignedStudents'] });
      void queryClient.invalidateQueries({ queryKey: ['correction', 'assignedFilters'] });
      void queryClient.invalidateQueries({ queryKey: ['correction', 'audit'] });
      return true;
    } catch (error) {
      const status = statusOf(error);
      if (status === 422) {
        const body = (error as { body?: ConsoleErrorBody }).body;
        setErrors(serverErrors(changes, body?.errors));
        notify.say('save_error', 'error');
      } else if (status === 409) {
        setConflict(serverMessageOf(error) ?? translate('correction.errors.stale'));
        await notify.fail('save_error', error);
      } else {
        await notify.fail('save_error', error);
      }
      return false;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [changes, dataProvider, edits, examId, notify, queryClient, studentId, translate, view]);

  /** After a conflict: the latest marks, and what was typed here is let go (the marker asked). */
  const reload = useCallback(async () => {
    setEdits({});
    setErrors({});
    setConflict(null);
    await queryClient.refetchQueries({ queryKey: correctionKey(examId, studentId), exact: true });
  }, [examId, queryClient, studentId]);

  return { edits, errors, conflict, saving, changes, edit, save, reload };
}
