import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../components/PageHeading';
import { useNotifyResult } from '../components/useNotifyResult';
import { formatDateTime } from '../format';
import { useLanguage } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import { ChartCard } from './ChartCard';
import { ComparativeChart } from './ComparativeChart';
import { ComparativeTable } from './ComparativeTable';
import { ExportButtons } from './ExportButtons';
import { LeaderboardTable } from './LeaderboardTable';
import { ParticipationCards } from './ParticipationCards';
import { useWebReportFilters, useWebReportResults } from './queries';
import { selectionFromUrl, selectionToUrl, type Selection } from './selection';
import { ScalesTable } from './ScalesTable';
import { SkillsChart } from './SkillsChart';
import { TiersChart } from './TiersChart';
import { WebReportFiltersBar } from './WebReportFiltersBar';

/**
 * `/web-reports` (SPEC sections 2 and 3): participation, average per skill, students by tier, the
 * scaled scores and performance levels on the reporting scales (issue 42), the
 * comparative view and the leaderboard of the figures refreshed every 24 hours; each chart as PNG,
 * the figures as CSV or Excel. Loaded on first visit, with recharts.
 */
export default function WebReportsPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const selection = selectionFromUrl(params);
  const filters = useWebReportFilters();
  // The first platform until the user picks one.
  const platform = selection.platform_id ?? filters.data?.platforms[0]?.id ?? null;
  const effective: Selection = { ...selection, platform_id: platform };
  const results = useWebReportResults(effective, filters.isSuccess);
  const change = (next: Selection) => setParams(selectionToUrl(next), { replace: true });
  const data = results.data;

  return (
    <>
      <PageHeading title={translate('web_reports.title')} actions={filters.data?.can_refresh && <RefreshButton />} />
      {filters.isError && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {filters.data && <WebReportFiltersBar filters={filters.data} selection={effective} onChange={change} />}
      {(filters.isPending || results.isFetching) && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {results.isError && <Alert severity="error">{translate('settings.fetch_error')}</Alert>}
      {data && (
        <Stack spacing={2} data-testid="web-report">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ flexGrow: 1 }} data-testid="refreshed-at">
              {data.refreshed_at
                ? translate('web_reports.refreshed_at', { date: formatDateTime(data.refreshed_at, language) })
                : translate('web_reports.never_refreshed')}
            </Typography>
            <ExportButtons results={data} />
          </Box>
          <ParticipationCards figures={data.figures} />
          {data.figures.results === 0 && <Alert severity="info">{translate('web_reports.no_results')}</Alert>}
          <Box sx={{ display: 'grid', gridTemplateColumns: { lg: '3fr 2fr' }, gap: 2 }}>
            <ChartCard title={translate('web_reports.skills.title')} fileName="skills">
              <SkillsChart skills={data.figures.skills} />
            </ChartCard>
            <ChartCard title={translate('web_reports.tiers.title')} fileName="tiers">
              <TiersChart tiers={data.figures.tiers} />
            </ChartCard>
          </Box>
          {data.figures.scales.length > 0 && <ScalesTable scales={data.figures.scales} />}
          {selection.comparative && (
            <ChartCard title={translate('web_reports.comparative.title')} fileName="comparative">
              {data.comparative ? (
                <>
                  <ComparativeChart comparative={data.comparative} />
                  <ComparativeTable comparative={data.comparative} />
                </>
              ) : (
                <Alert severity="info" data-testid="comparative-rule">
                  {data.comparative_message}
                </Alert>
              )}
            </ChartCard>
          )}
          <Box component="section">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('web_reports.leaderboard.title')}
            </Typography>
            <LeaderboardTable results={data} />
          </Box>
        </Stack>
      )}
    </>
  );
}

/** An admin's "Refresh now": rebuilds the figures, then reads them again. */
function RefreshButton() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { fail, text } = useNotifyResult('web_reports');
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const { message } = await dataProvider.refreshWebReports();
      text(message, 'success');
      await queryClient.invalidateQueries({ queryKey: ['web-reports'] });
    } catch (error) {
      await fail('refresh_error', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh} disabled={busy}>
      {translate('web_reports.refresh')}
    </Button>
  );
}
