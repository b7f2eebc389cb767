import type { Language } from '../../../locales/index';
import { translate } from '../http/i18n';
import { headersIn, ROSTER_COLUMNS } from './roster-columns';
import { storedRowsOf, type findImport } from './roster-imports';
import { sheetFile, type SheetFormat } from './roster-sheets';

/**
 * The result file of an import: each row of the file as it came, with its status (created,
 * updated, unchanged or in error; "to create" and so on before the import ran) and its problems,
 * each named by its column in the reader's language.
 */
export function importResultFile(
  job: NonNullable<Awaited<ReturnType<typeof findImport>>>,
  format: SheetFormat,
  language: Language,
) {
  const t = (key: string) => translate(language, `roster.result.${key}`);
  const columnName = (key: string) => ROSTER_COLUMNS.find((c) => c.key === key)?.[language] ?? key;
  const rows = storedRowsOf(job).map((row) => {
    const found = row.status === 'error' ? row.errors : { ...row.errors, ...row.warnings };
    const message = Object.entries(found)
      .map(
        ([column, problems]) =>
          `${columnName(column)}: ${(problems ?? []).map((p) => translate(language, p.key, p.params)).join('; ')}`,
      )
      .join(' | ');
    const shown = job.status === 'done' || row.status === 'error' ? row.status : `would_${row.status}`;
    return [row.row, ...ROSTER_COLUMNS.map((c) => row.values[c.key] ?? ''), t(shown), message];
  });
  const headers = [t('row'), ...headersIn(language), t('status'), t('message')];
  return sheetFile(format, t('sheet'), [headers, ...rows], language);
}
