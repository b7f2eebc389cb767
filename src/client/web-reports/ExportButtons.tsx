import { Button, ButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebReportResults } from '../../common/contracts/index';
import { useLanguage } from '../i18n/recordName';
import { useChartDirection } from './chartDirection';
import { downloadCsv, downloadXlsx, figureRows } from './exportFigures';

/** The figures of the current view as CSV or Excel, worded in the reader's language. */
export function ExportButtons({ results }: { results: WebReportResults }) {
  const translate = useTranslate();
  const language = useLanguage();
  const { rtl } = useChartDirection();
  const rows = () => figureRows(results, translate, language);
  const name = translate('web_reports.export.file');
  return (
    <ButtonGroup size="small" variant="outlined">
      <Button onClick={() => downloadCsv(rows(), name)} data-testid="export-csv">
        {translate('web_reports.export.csv')}
      </Button>
      <Button onClick={() => downloadXlsx(rows(), name, rtl)} data-testid="export-xlsx">
        {translate('web_reports.export.xlsx')}
      </Button>
    </ButtonGroup>
  );
}
