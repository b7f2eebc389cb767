import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { useRulePopup } from '../common/RulePopup';
import { useExamAccess } from '../common/useExamAccess';

/**
 * A published exam opens read-only (SPEC section 4): this says why and offers the two ways on,
 * unpublishing it or working on an unpublished copy.
 */
export function PublishedNotice({
  examId,
  message,
  onUnpublished,
}: {
  examId: number;
  message: string;
  onUnpublished: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const showRefusal = useRulePopup();
  const { can } = useExamAccess();

  const unpublish = async () => {
    try {
      await dataProvider.unpublishExam(examId);
      notify.say('unpublished');
      onUnpublished();
    } catch (error) {
      if (!showRefusal(error, 'unpublish', examId)) await notify.fail('unpublish_error', error);
    }
  };
  const duplicate = async () => {
    try {
      const { data: copy } = await dataProvider.duplicateExam(examId);
      notify.say('duplicated');
      navigate(`/exams/${copy.id}/edit`);
    } catch (error) {
      await notify.fail('duplicate_error', error);
    }
  };

  return (
    <Alert severity="info" data-testid="edit-restriction" sx={{ mb: 2 }}>
      <AlertTitle>{translate('exams.form.read_only_title')}</AlertTitle>
      {message}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        {can('assign') && (
          <Button
            size="small"
            variant="contained"
            startIcon={<GroupAddIcon />}
            component={RouterLink}
            to={`/exams/${examId}/assign`}
          >
            {translate('delivery.assign.action')}
          </Button>
        )}
        {can('edit') && (
          <Button size="small" variant="contained" startIcon={<UnpublishedIcon />} onClick={() => void unpublish()}>
            {translate('exams.actions.unpublish')}
          </Button>
        )}
        {can('create') && (
          <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void duplicate()}>
            {translate('exams.actions.duplicate')}
          </Button>
        )}
      </Box>
    </Alert>
  );
}
