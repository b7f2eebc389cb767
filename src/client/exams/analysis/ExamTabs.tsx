import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AREAS, listPermissions } from '../../../common/permission-catalog';
import { useAccess } from '../../auth';

export const ITEM_ANALYSIS_PERMISSIONS = listPermissions(AREAS.itemStatistics);
export const itemAnalysisPath = (examId: number) => `/exams/${examId}/item-analysis`;

/** The exam page's tabs: its preview and, for authors, its item analysis. Nothing to switch to, no tabs. */
export function ExamTabs({ examId, current }: { examId: number; current: 'preview' | 'analysis' }) {
  const translate = useTranslate();
  const access = useAccess();
  if (!access.allows({ anyOf: ITEM_ANALYSIS_PERMISSIONS })) return null;
  return (
    <Tabs value={current} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Tab
        value="preview"
        label={translate('exams.actions.preview')}
        component={RouterLink}
        to={`/exams/${examId}/preview`}
      />
      <Tab
        value="analysis"
        label={translate('item_analysis.tab')}
        component={RouterLink}
        to={itemAnalysisPath(examId)}
      />
    </Tabs>
  );
}
