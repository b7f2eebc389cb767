import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CorrectionView } from '../../../common/contracts/index';
import type { MarkingHandle } from '../../../common/correction/index';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { serverMessageOf, statusOf, type ConsoleErrorBody } from '../../providers/errors';
import { correctionKey } from '../queries';
import {
  bodyOf,
  changesOf,
  localErrors,
  rebaseEdits,
  savedMeanwhile,
  serverErrors,
  type Edits,
  type ItemDraft,
  type ItemErrors,
  type SavedMeanwhile,
} from './draft';

/** Another save came first: its message, and whether the newer marks are loaded under the drafts yet. */
export interface Conflict {
  message: string;
  rebased: boolean;
}

/**
 * The marker's typed marks over a correction, and saving them: only the changed items are sent,
 * with the version read. A save answers the new correction, which becomes the saved state. A 409
 * (another save came first) loads the newer correction at once (or when the marker asks again):
 * typed marks that still differ from it are kept over its version, so the next save goes through,
 * and the items saved anew under them say what was saved meanwhile.
 */
export function useCorrectionDraft(examId: number, handle: MarkingHandle, view: CorrectionView | undefined) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotifyResult('correction');
  const notifyScreen = useNotifyResult('correction_screen');
  const [edits, setEdits] = useState<Edits>({});
  const [errors, setErrors] = useState<ItemErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [meanwhile, setMeanwhile] = useState<SavedMeanwhile>({});
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

  /** The newer correction under the drafts typed over `before`; false when it could not be read. */
  const rebase = useCallback(
    async (before: CorrectionView): Promise<boolean> => {
      let after: CorrectionView;
      try {
        after = (await dataProvider.studentCorrection(examId, handle)).data;
      } catch (error) {
        await notifyScreen.fail('fetch_error', error);
        return false;
      }
      queryClient.setQueryData(correctionKey(examId, handle), after);
      // Drafts typed while the correction travelled are rebased too.
      setEdits((current) => rebaseEdits(before, after, current));
      setMeanwhile((current) => ({ ...current, ...savedMeanwhile(before, after) }));
      setErrors({});
      setConflict((current) => current && { ...current, rebased: true });
      return true;
    },
    [dataProvider, examId, notifyScreen, queryClient, handle],
  );

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
      queryClient.setQueryData(correctionKey(examId, handle), data);
      // What was typed while the save travelled stays a change.
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([key, draft]) => sent[key] !== draft)));
      setConflict(null);
      setMeanwhile({});
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
        setConflict({ message: serverMessageOf(error) ?? translate('correction.errors.stale'), rebased: false });
        await notify.fail('save_error', error);
        await rebase(view);
      } else {
        await notify.fail('save_error', error);
      }
      return false;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [changes, dataProvider, edits, examId, notify, queryClient, rebase, handle, translate, view]);

  /** After a conflict whose newer correction could not be read: tries again, keeping the drafts. */
  const reload = useCallback(async () => {
    if (!view || inFlight.current) return;
    inFlight.current = true;
    try {
      await rebase(view);
    } finally {
      inFlight.current = false;
    }
  }, [rebase, view]);

  const dismissConflict = useCallback(() => setConflict(null), []);

  return { edits, errors, conflict, meanwhile, saving, changes, edit, save, reload, dismissConflict };
}
