import DeleteIcon from '@mui/icons-material/DeleteOutline';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { useState } from 'react';
import { Button, useListContext, useRefresh, useTranslate } from 'react-admin';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { bulkMessage } from '../common/bulkMessage';
import { useExamAccess } from '../common/useExamAccess';
import type { BulkAction } from '../types';
import { useLanguage } from '../../i18n/recordName';
import { formatNumber } from '../../format';

const ERROR_KEYS: Record<BulkAction, string> = {
  publish: 'publish_error',
  unpublish: 'unpublish_error',
  delete: 'delete_error',
};

/**
 * Publish, unpublish and delete of the selected exams (delete behind a confirmation). The
 * server handles each exam on its own; the toast counts the outcomes and names each failure.
 */
export function ExamBulkActions() {
  const translate = useTranslate();
  const language = useLanguage();
  const { can } = useExamAccess();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: BulkAction) => {
    setBusy(true);
    try {
      const outcome = await dataProvider.bulkExams(action, selectedIds.map(Number));
      const { message, type } = bulkMessage(outcome, `exams.notifications.${action}_many`, translate, (n) =>
        formatNumber(n, language),
      );
      notify.text(message, type);
      onUnselectItems();
      refresh();
    } catch (error) {
      await notify.fail(ERROR_KEYS[action], error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {can('edit') && (
        <>
          <Button label="exams.actions.publish" onClick={() => void run('publish')} disabled={busy}>
            <PublishIcon />
          </Button>
          <Button label="exams.actions.unpublish" onClick={() => void run('unpublish')} disabled={busy}>
            <UnpublishedIcon />
          </Button>
        </>
      )}
      {can('delete') && (
        <Button label="exams.actions.delete" color="error" onClick={() => setConfirming(true)} disabled={busy}>
          <DeleteIcon />
        </Button>
      )}
      <ConfirmDelete
        open={confirming}
        title="exams.actions.bulk_delete_title"
        content={translate('exams.actions.bulk_delete_content', { count: selectedIds.length })}
        onClose={() => setConfirming(false)}
        onDelete={() => void run('delete')}
      />
    </>
  );
}
