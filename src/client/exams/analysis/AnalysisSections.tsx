import { Box, Tab, Tabs } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ItemAnalysisReport } from '../../../common/contracts/index';
import { AdaptivePanel } from './AdaptivePanel';
import { DifPanel } from './DifPanel';
import { ItemsPanel } from './ItemsPanel';
import { MarkerPanel } from './MarkerPanel';
import { RaschPanel } from './RaschPanel';

const SECTIONS = ['items', 'rasch', 'dif', 'markers'] as const;
/** An adaptive exam's: its pool and precision first; no Rasch or DIF of the exam alone. */
const ADAPTIVE_SECTIONS = ['adaptive', 'items', 'markers'] as const;
type Section = (typeof SECTIONS)[number] | (typeof ADAPTIVE_SECTIONS)[number];

/**
 * The analysis in four sections under the exam's tabs (an adaptive exam's in three, its adaptive
 * test first). The first shows at once; the other panels render only once chosen. Tabs follow the ARIA pattern (arrow keys move between them).
 */
export function AnalysisSections({ examId, report }: { examId: number; report: ItemAnalysisReport }) {
  const translate = useTranslate();
  const sections: readonly Section[] = report.adaptive ? ADAPTIVE_SECTIONS : SECTIONS;
  const [current, setCurrent] = useState<Section>(sections[0]);
  const prefix = useId();
  const tabId = (section: Section) => `${prefix}-tab-${section}`;
  const panelId = (section: Section) => `${prefix}-panel-${section}`;
  const panels: Record<Section, () => ReactNode> = {
    adaptive: () => report.adaptive && <AdaptivePanel adaptive={report.adaptive} />,
    items: () => <ItemsPanel examId={examId} report={report} />,
    rasch: () => <RaschPanel rasch={report.rasch} limits={report.limits} scales={report.scales} />,
    dif: () => <DifPanel dif={report.dif} limits={report.limits} />,
    markers: () => <MarkerPanel markers={report.markers} limits={report.limits} />,
  };
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, section: Section) => setCurrent(section)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('item_analysis.title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {sections.map((section) => (
          <Tab
            key={section}
            value={section}
            id={tabId(section)}
            aria-controls={panelId(section)}
            label={translate(`item_analysis.sections.${section}`)}
          />
        ))}
      </Tabs>
      {sections.map((section) => (
        <Box
          key={section}
          role="tabpanel"
          id={panelId(section)}
          aria-labelledby={tabId(section)}
          hidden={section !== current}
          data-testid={`analysis-panel-${section}`}
        >
          {section === current && panels[section]()}
        </Box>
      ))}
    </>
  );
}
