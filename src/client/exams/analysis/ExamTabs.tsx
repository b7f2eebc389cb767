import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AREAS, listPermissions } from '../../../common/permission-catalog';
import { useAccess } from '../../auth';
import { EXAM_PERMISSIONS } from '../common/useExamAccess';

export const ITEM_ANALYSIS_PERMISSIONS = listPermissions(AREAS.itemStatistics);
export const EXAM_MONITOR_PERMISSIONS = listPermissions(AREAS.examMonitor);
export const itemAnalysisPath = (examId: number) => `/exams/${examId}/item-analysis`;
export const examMonitorPath = (examId: number) => `/exams/${examId}/monitor`;

type ExamTab = 'preview' | 'analysis' | 'monitor';

/**
 * The exam page's tabs, each for those who may open it: its preview, its item analysis (authors)
 * and its exam day (the live monitor). Nothing to switch to, no tabs.
 */
export function ExamTabs({ examId, current }: { examId: number; current: ExamTab }) {
  const translate = useTranslate();
  const access = useAccess();
  const tabs = [
    {
      value: 'preview',
      label: 'exams.actions.preview',
      to: `/exams/${examId}/preview`,
      anyOf: EXAM_PERMISSIONS.preview,
    },
    { value: 'analysis', label: 'item_analysis.tab', to: itemAnalysisPath(examId), anyOf: ITEM_ANALYSIS_PERMISSIONS },
    { value: 'monitor', label: 'exam_day.tab', to: examMonitorPath(examId), anyOf: EXAM_MONITOR_PERMISSIONS },
  ].filter((tab) => access.allows({ anyOf: tab.anyOf }));
  if (tabs.length < 2 || !tabs.some((tab) => tab.value === current)) return null;
  return (
    <Tabs value={current} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={translate(tab.label)} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}
