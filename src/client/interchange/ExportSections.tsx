import { LANGUAGES } from '../../../locales/languages';
import { useLanguage } from '../i18n/recordName';
import { DownloadSection } from '../components/import-flow';
import { useInterchange } from './useInterchange';

const BANK_FORMATS = ['qti3', 'xlsx', 'xlsx_media'] as const;

/**
 * The platform's bank as a QTI 3.0 package, an Excel workbook, or the workbook with its media (a zip
 * that imports back as one), and the Excel template in each language.
 */
export function ExportSections({ platformId }: { platformId: number }) {
  const language = useLanguage();
  const interchange = useInterchange();
  return (
    <>
      <DownloadSection
        title="interchange.page.export_heading"
        text="interchange.page.export_text"
        testId="interchange-export"
        variants={BANK_FORMATS}
        labels={{
          qti3: 'interchange.page.export_qti',
          xlsx: 'interchange.page.export_xlsx',
          xlsx_media: 'interchange.page.export_xlsx_media',
        }}
        request={(format) => interchange.exportBank(format, platformId, language)}
      />
      <DownloadSection
        title="interchange.page.template_heading"
        text="interchange.page.template_text"
        testId="interchange-template"
        variants={LANGUAGES}
        labels={{ en: 'interchange.page.template_en', ar: 'interchange.page.template_ar' }}
        request={(templateLanguage) => interchange.questionTemplate(templateLanguage, platformId)}
      />
    </>
  );
}
