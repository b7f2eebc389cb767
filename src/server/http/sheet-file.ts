import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../../locales/index';
import { toCsv, type CsvCell } from '../../common/csv';

export type SheetFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Rows as a file: CSV in UTF-8 with a byte order mark (so Excel reads Arabic right), or one XLSX sheet. */
export async function sheetFile(
  format: SheetFormat,
  sheetName: string,
  rows: readonly (readonly CsvCell[])[],
  language: Language,
  /** Columns (from 1) formatted as text, so Excel keeps what is typed there (`00123` stays `00123`). */
  textColumns: readonly number[] = [],
): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(`\uFEFF${toCsv(rows)}`, 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ rightToLeft: language === 'ar', state: 'frozen', ySplit: 1 }],
  });
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? null));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 22));
  for (const column of textColumns) sheet.getColumn(column).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Bytes as a download that no cache keeps. */
export function sendFile(reply: FastifyReply, bytes: Uint8Array, type: string, name: string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes));
}
