import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemAnalysisReport } from '../../../common/contracts/index';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { useDownload } from '../../components/import-flow';
import { ItemTable } from './ItemTable';
import { useStatisticFormat } from './useStatisticFormat';

const FORMATS = ['csv', 'xlsx'] as const;

/** The questions' classical statistics: what they mean, the thresholds the flags follow, the file, the table. */
export function ItemsPanel({ examId, report }: { examId: number; report: ItemAnalysisReport }) {
  const translate = useTranslate();
  const { number, share } = useStatisticFormat();
  const dataProvider = useAppDataProvider();
  const { pending, download } = useDownload();
  const { limits } = report;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('item_analysis.help')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="flags-legend">
        {report.adaptive
          ? translate('item_analysis.adaptive.items_note', { min: number(report.adaptive.min_seen, 0) })
          : translate('item_analysis.legend', {
              hard: number(limits.hard_below),
              easy: number(limits.easy_above),
              weak: number(limits.weak_below),
              share: share(limits.group_share),
              min: number(limits.min_attempts, 0),
              distractor: number(limits.distractor_above),
            })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {FORMATS.map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            loading={pending === format}
            loadingPosition="start"
            onClick={() => download(format, () => dataProvider.examItemAnalysisExport(examId, format))}
            data-testid={`item-analysis-export-${format}`}
          >
            {translate(`item_analysis.export.${format}`)}
          </Button>
        ))}
      </Stack>
      {report.adaptive ? (
        // Each question over the students given it: too few of them, and its figures are unstable.
        <ItemTable
          items={report.items}
          unstable={(item) => item.facility === null}
          judged={false}
          groupShare={limits.group_share}
        />
      ) : (
        <ItemTable items={report.items} unstable={report.exam.unstable} groupShare={limits.group_share} />
      )}
    </>
  );
}
