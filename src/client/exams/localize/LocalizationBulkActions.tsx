import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Button, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { formatNumber } from '../../format';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { bulkMessage } from '../common/bulkMessage';
import { useExamAccess } from '../common/useExamAccess';
import type { BulkAction } from '../types';
import { useLanguage } from '../../i18n/recordName';

/** Publish, unpublish and delete of the selected localized exams; partial, with one outcome each. */
export function LocalizationBulkActions({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const translate = useTranslate();
  const language = useLanguage();
  const { can } = useExamAccess();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const none = selected.length === 0 || busy;

  const run = async (action: BulkAction) => {
    setBusy(true);
    try {
      const outcome = await dataProvider.bulkLocalizations(action, selected);
      const { message, type } = bulkMessage(
        outcome,
        `exams.notifications.localizations_${action}_many`,
        translate,
        (n) => formatNumber(n, language),
      );
      notify.text(message, type);
      onDone();
    } catch (error) {
      await notify.fail(`localizations_${action}_error`, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Toolbar variant="dense" sx={{ gap: 1 }}>
      <Typography sx={{ flexGrow: 1 }} color="text.secondary">
        {translate('exams.localize.selected', { count: formatNumber(selected.length, language) })}
      </Typography>
      {can('editLocalization') && (
        <>
          <Button startIcon={<PublishIcon />} disabled={none} onClick={() => void run('publish')}>
            {translate('exams.actions.publish')}
          </Button>
          <Button startIcon={<UnpublishedIcon />} disabled={none} onClick={() => void run('unpublish')}>
            {translate('exams.actions.unpublish')}
          </Button>
        </>
      )}
      {can('deleteLocalization') && (
        <Button color="error" startIcon={<DeleteIcon />} disabled={none} onClick={() => setConfirming(true)}>
          {translate('exams.actions.delete')}
        </Button>
      )}
      <ConfirmDelete
        open={confirming}
        title="exams.localize.delete_title"
        content={translate('exams.localize.delete_content', { count: selected.length })}
        onClose={() => setConfirming(false)}
        onDelete={() => void run('delete')}
      />
    </Toolbar>
  );
}
