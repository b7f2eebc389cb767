import { Alert, Box, Button, LinearProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Suspense, useCallback } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ReportRecord } from '../../../common/contracts/index';
import { REPORT_TYPE } from '../../../common/reports/catalog';
import { useAccess } from '../../auth';
import { PageHeading } from '../../components/PageHeading';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';
import { REPORT_PERMISSIONS } from '../access';
import { useReportActions } from '../common/useReportActions';
import { lazyLoaded } from '../../pageReady';

// pdf.js (its own chunk) loads only when a report is shown.
const PdfPages = lazyLoaded(() => import('./PdfPages'));

/**
 * `/generated-reports/{id}/view?lang=` (SPEC section 2, the Report Viewer): the report's PDF drawn in
 * the page, a switch between its English and Arabic files, and Download.
 */
export function ReportViewerPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const id = Number(useParams<{ id: string }>().id);
  const [params, setParams] = useSearchParams();
  const lang = params.get('lang') === 'ar' ? 'ar' : 'en';
  const actions = useReportActions();
  const record = useGetList<ReportRecord>('reports', { pagination: { page: 1, perPage: 1 }, filter: { id } });
  const report = record.data?.[0];
  const label = (key: string) => translate(`report_screens.viewer.${key}`);
  const made = report ? (report.language === 'both' ? ['en', 'ar'] : [report.language]) : ['en', 'ar'];
  const reason =
    report && report.type.id === REPORT_TYPE.bundle
      ? translate('reports.errors.bundle_view')
      : report && report.status.key !== 'generated'
        ? translate('reports.errors.not_generated')
        : report && !made.includes(lang)
          ? translate('reports.errors.language_missing')
          : null;
  const title = translate('report_screens.viewer.title');
  const subtitle = translate('report_screens.viewer.report', { id: formatNumber(id, language) });
  const pageLabel = useCallback(
    (page: number, pages: number) =>
      translate('report_screens.viewer.page', {
        page: formatNumber(page, language),
        pages: formatNumber(pages, language),
      }),
    [language, translate],
  );

  return (
    <>
      <PageHeading
        title={title}
        subtitle={subtitle}
        back={{ to: '/generated-reports', label: 'report_screens.viewer.back' }}
        actions={
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={lang}
              aria-label={label('language')}
              onChange={(_, value: string | null) => value && setParams({ lang: value }, { replace: true })}
            >
              <ToggleButton value="en" lang="en">
                English
              </ToggleButton>
              <ToggleButton value="ar" lang="ar">
                العربية
              </ToggleButton>
            </ToggleButtonGroup>
            {access.allows({ anyOf: REPORT_PERMISSIONS.download }) && (
              <Button
                variant="contained"
                disabled={actions.busy !== null || reason !== null}
                onClick={() => actions.download(lang, [id])}
              >
                {label('download')}
              </Button>
            )}
          </Box>
        }
      />
      {record.isError || (record.data && !report) ? (
        <Alert severity="error">{translate('report_screens.fetch_error')}</Alert>
      ) : reason ? (
        <Alert severity="warning">{translate('report_screens.viewer.not_viewable', { reason })}</Alert>
      ) : (
        report && (
          <Suspense fallback={<LinearProgress />}>
            <Box
              role="document"
              aria-label={translate('report_screens.viewer.frame', { id: formatNumber(id, language) })}
            >
              <PdfPages url={`/api/reports/${id}/view-pdf?lang=${lang}`} label={pageLabel} />
            </Box>
          </Suspense>
        )
      )}
    </>
  );
}
