import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import type { App } from '../../src/server/app';
import { multipartBody } from './media-fixtures';

/** Text in Windows-1256, as Arabic Excel saves a CSV: each character to the byte that decodes to it. */
export function windows1256(text: string): Buffer {
  const decoder = new TextDecoder('windows-1256');
  const byteOf = new Map<string, number>();
  for (let b = 0; b < 256; b++) byteOf.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(
    [...text].map((c) => {
      const b = byteOf.get(c);
      if (b === undefined) throw new Error(`not in Windows-1256: ${c}`);
      return b;
    }),
  );
}

/** UTF-16 little-endian with its byte order mark (Excel's "Unicode text"). */
export const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
export const csvOf = (rows: string[][]) => rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';

export async function xlsxOf(rows: (string | number | { formula: string })[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of these files (text or bytes), compressed hard (a zip bomb is small). */
export const zipOf = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, content]) => [
          name,
          [typeof content === 'string' ? strToU8(content) : content, { level: 9 }] as const,
        ]),
      ),
    ),
  );

/** Uploads a roster file as the console does. */
export function uploadRoster(
  app: App,
  cookie: string,
  file: { name: string; content: Buffer },
  mode: 'dry_run' | 'import' = 'dry_run',
  lang: 'en' | 'ar' = 'en',
  /** Other fields, sent before the file (`create_classes`). */
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody({ mode, ...fields }, file);
  return app.inject({
    method: 'POST',
    url: '/api/roster/imports',
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', 'accept-language': lang, cookie },
    payload,
  });
}
