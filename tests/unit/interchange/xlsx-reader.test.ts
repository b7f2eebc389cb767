import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { InterchangeFileRefused } from '../../../src/server/interchange/interchange-item';
import { headersIn, XLSX_COLUMNS, type XlsxColumn } from '../../../src/server/interchange/xlsx-columns';
import { readQuestionWorkbook } from '../../../src/server/interchange/xlsx-reader';
import { joinOptions, splitOptions } from '../../../src/server/interchange/xlsx-rows';
import { expectValid, withoutIds } from './xlsx-checks';

/** A workbook of a Questions sheet with the given headers and rows. */
async function sheetOf(headers: string[], rows: (string | number | boolean | null)[][], name = 'Questions') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A row for `headers` from cells by column key. */
const rowOf = (cells: Partial<Record<XlsxColumn, string | number | boolean>>) =>
  XLSX_COLUMNS.map((c) => cells[c.key] ?? null);

/** A workbook written by hand, as tools other than ExcelJS write them: one sheet, no styles. */
const minimalWorkbook = (sheetData: string) =>
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    ),
  });

describe('XLSX reading', () => {
  it('reads Arabic headers, Arabic lookup names and Arabic-Indic digits', async () => {
    const bytes = await sheetOf(
      headersIn('ar'),
      [
        rowOf({
          row: 'سؤال',
          type: 'single_choice',
          text: 'ما عاصمة مصر؟',
          mark: '٢٫٥',
          skill: 'القراءة',
          difficulty_level: 'Easy',
        }),
        rowOf({ row: 'خيار', text: 'القاهرة', correct: 'صح' }),
        rowOf({ text: 'الإسكندرية' }),
      ],
      'الأسئلة',
    );
    const [item] = await readQuestionWorkbook(bytes);
    expectValid(item);
    expect(item.identifier).toBe('row 2');
    expect(item.question).toMatchObject({
      content_language: 'ar',
      mark: 2.5,
      mark_option: 'all_or_nothing',
      media_type: 'none',
    });
    expect(withoutIds(item.question!.answer_key)).toEqual({
      options: [
        { text: 'القاهرة', correct: true },
        { text: 'الإسكندرية', correct: false },
      ],
    });
    expect(item.metadata).toEqual({ skill: { ar: 'القراءة' }, difficulty_level: { en: 'Easy' } });
  });

  it('accepts headers in any case and spacing, and columns in any order', async () => {
    const bytes = await sheetOf(
      ['  TEXT ', 'answer_type', 'correct', 'MARK'],
      [['<p>Sky is blue</p>', 'true_false', true, 2]],
      'Sheet1',
    );
    const [item] = await readQuestionWorkbook(bytes);
    expectValid(item);
    expect(item.question).toMatchObject({
      answer_type: 'true_false',
      answer_key: { correct: true },
      mark: 2,
      content_language: 'en',
    });
  });

  it('reads option rows naming their category, in any order', async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ row: 'question', type: 'categorizing', text: 'Sort' }),
      rowOf({ row: 'option', text: 'Cat', category: 'Mammals' }),
      rowOf({ row: 'option', text: 'Eagle', category: 'Birds' }),
      rowOf({ row: 'option', text: 'Whale', category: 'mammals' }),
    ]);
    const [item] = await readQuestionWorkbook(bytes);
    expectValid(item);
    expect(withoutIds(item.question!.answer_key)).toEqual({
      categories: [
        { name: 'Mammals', options: [{ text: 'Cat' }, { text: 'Whale' }] },
        { name: 'Birds', options: [{ text: 'Eagle' }] },
      ],
    });
  });

  it('reports an unknown type, a bad mark and an orphan option row with their row numbers', async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ row: 'option', text: 'Lost' }),
      rowOf({ row: 'question', ref: 'A', type: 'hotspot', text: 'Where?' }),
      rowOf({ row: 'question', ref: 'B', type: 'essay', text: 'Write', mark: 'ten', max_words: 100 }),
      rowOf({ row: 'question', ref: 'C', type: 'single_choice', text: 'Pick', mark: 101 }),
      rowOf({ row: 'question', ref: 'D', type: 'multiple_choice', text: 'Pick' }),
    ]);
    const items = await readQuestionWorkbook(bytes);
    expect(items.map((i) => i.identifier)).toEqual(['row 2', 'A', 'B', 'C', 'D']);
    expect(items[0].problems).toEqual([
      { key: 'interchange.problems.xlsx_orphan_row', params: { row: 2, part: 'option' } },
    ]);
    expect(items[1].question).toBeUndefined();
    expect(items[1].problems).toEqual([
      { key: 'interchange.problems.xlsx_unknown_type', params: { row: 3, value: 'hotspot' } },
    ]);
    expect(items[2].problems).toEqual([
      { key: 'interchange.problems.xlsx_bad_mark', params: { row: 4, value: 'ten' } },
    ]);
    expect(items[3].problems).toContainEqual({
      key: 'interchange.problems.xlsx_bad_mark',
      params: { row: 5, value: '101' },
    });
    expect(items[4].problems).toEqual([
      { key: 'interchange.problems.xlsx_missing_options', params: { row: 6, part: 'option' } },
    ]);
  });

  it('reports rows a question has no place for, unknown row kinds and what its answer type refuses', async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ row: 'question', type: 'reordering', text: 'Order' }),
      rowOf({ row: 'item', text: 'One' }),
      rowOf({ row: 'pair', text: 'x', right: 'y' }),
      rowOf({ row: 'widget', text: 'z' }),
      rowOf({ row: 'question', type: 'single_choice', text: 'Pick' }),
      rowOf({ row: 'option', text: 'A', correct: 'maybe' }),
      rowOf({ row: 'option', text: 'B' }),
      rowOf({ row: 'question', type: 'matching', text: 'Match' }),
      rowOf({ row: 'pair', text: 'x', right: 'y' }),
    ]);
    const [order, pick, match] = await readQuestionWorkbook(bytes);
    expect(order.problems).toEqual([
      { key: 'interchange.problems.xlsx_unknown_row', params: { row: 5, value: 'widget' } },
      { key: 'interchange.problems.xlsx_unexpected_row', params: { row: 4, part: 'pair', type: 'reordering' } },
    ]);
    expect(pick.problems).toEqual([
      { key: 'interchange.problems.xlsx_bad_correct', params: { row: 7, value: 'maybe' } },
    ]);
    expect(match.problems).toEqual([
      { key: 'interchange.problems.unreadable_question', params: { row: 9, reason: 'questions.min_two_pairs' } },
    ]);
  });

  it("reads a reordering's other accepted orders by the items' numbers, and names a row that is not one (issue 41)", async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ row: 'question', type: 'reordering', text: 'Order' }),
      rowOf({ row: 'item', text: 'يقرأ' }),
      rowOf({ row: 'item', text: 'أحمدُ' }),
      rowOf({ row: 'item', text: 'قصةً' }),
      rowOf({ row: 'order', text: '2 1 3' }),
      rowOf({ row: 'ترتيب مقبول', text: '٣، ٢، ١' }),
      rowOf({ row: 'order', text: '2 2 3' }),
      rowOf({ row: 'order', text: '1 2' }),
    ]);
    const [question] = await readQuestionWorkbook(bytes);
    const key = question.question!.answer_key as { items: { id: string }[]; also_accepted: string[][] };
    const [one, two, three] = key.items.map((item) => item.id);
    expect(key.also_accepted).toEqual([
      [two, one, three],
      [three, two, one],
    ]);
    expect(question.problems).toEqual([
      { key: 'interchange.problems.xlsx_order_invalid', params: { row: 8, count: 3 } },
      { key: 'interchange.problems.xlsx_order_invalid', params: { row: 9, count: 3 } },
    ]);
  });

  it('names the row of the part its answer type refuses, and reads a type by its name in either language', async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ type: 'Single choice', text: 'Pick' }),
      rowOf({ row: 'option', text: 'A', correct: true }),
      rowOf({ row: 'option', text: ' ', correct: false }),
      rowOf({ type: 'صواب / خطأ', text: 'الأرض مسطحة', correct: 'خطأ' }),
      rowOf({ type: 'paragraph', text: 'Read', passage: 'Text' }),
      rowOf({ row: 'child', type: 'fill_blanks', text: 'Fill' }),
      rowOf({ row: 'blank', before: 'A', answer: 'b', options: 'x|y' }),
    ]);
    const [pick, flat, read] = await readQuestionWorkbook(bytes);
    expect(pick.problems).toEqual([
      { key: 'interchange.problems.unreadable_question', params: { row: 4, reason: 'questions.incomplete' } },
    ]);
    expectValid(flat);
    expect(flat.question).toMatchObject({ answer_type: 'true_false', answer_key: { correct: false } });
    expect(read.problems).toEqual([
      {
        key: 'interchange.problems.unreadable_question',
        params: { row: 8, reason: 'questions.blank_answer_not_in_options' },
      },
    ]);
  });

  it('reads a media file name with its type, guessing the type from the name when blank', async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ type: 'essay', text: 'Look', max_words: 10, media_file: 'map.png' }),
      rowOf({ type: 'essay', text: 'Listen', max_words: 10, media_file: 'song.mp3', replay_count: 3 }),
      rowOf({ type: 'essay', text: 'Nothing', max_words: 10, media_type: 'image' }),
      rowOf({
        type: 'essay',
        text: 'Again',
        max_words: 10,
        media_type: 'audio',
        media_file: 'a.mp3',
        replay_count: 11,
      }),
    ]);
    const [look, listen, nothing, again] = await readQuestionWorkbook(bytes);
    expect([look.media, look.question!.media_type]).toEqual(['map.png', 'image']);
    expect([listen.media, listen.question!.media_type, listen.question!.media_replay_count]).toEqual([
      'song.mp3',
      'audio',
      3,
    ]);
    expect(nothing.problems).toEqual([{ key: 'interchange.problems.xlsx_media_file_missing', params: { row: 4 } }]);
    expect(again.problems).toEqual([
      { key: 'interchange.problems.xlsx_bad_number', params: { row: 5, column: 'replay_count', value: '11' } },
    ]);
  });

  it('takes a paragraph mark from its children, whatever its own cell says; a blank Row cell is a part of the child above', async () => {
    const bytes = await sheetOf(headersIn('en'), [
      rowOf({ type: 'paragraph', text: 'Read', passage: 'Once upon a time', mark: 99 }),
      rowOf({ row: 'child', type: 'true_false', text: 'True?', mark: 1.25, correct: 'false' }),
      rowOf({ row: 'child', type: 'reordering', text: 'Order', mark: 2 }),
      rowOf({ row: 'item', text: 'first' }),
      rowOf({ text: 'second' }),
    ]);
    const [item] = await readQuestionWorkbook(bytes);
    expectValid(item);
    expect(item.question!.mark).toBe(3.25);
    expect(withoutIds(item.question!.answer_key)).toMatchObject({
      children: [
        { kind: 'true_false', definition: { correct: false } },
        { kind: 'reordering', definition: { items: [{ text: 'first' }, { text: 'second' }] } },
      ],
    });
  });

  it('refuses a file that is not a workbook, and a workbook without the template header', async () => {
    const refusal = (bytes: Uint8Array) =>
      readQuestionWorkbook(bytes).then(
        () => undefined,
        (error: unknown) => (error instanceof InterchangeFileRefused ? error.reason : error),
      );
    expect(await refusal(new TextEncoder().encode('ref,type,text\n1,essay,Hi'))).toBe(
      'interchange.errors.xlsx_unreadable',
    );
    expect(await refusal(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0]))).toBe('interchange.errors.xlsx_unreadable');
    expect(await refusal(await sheetOf(['Name', 'Grade'], [['Ali', 3]]))).toBe('interchange.errors.xlsx_no_header');
    const escaping = zipSync({ '../evil.xml': strToU8('<x/>'), 'xl/workbook.xml': strToU8('<workbook/>') });
    expect(await refusal(escaping)).toBe('interchange.errors.zip_bad_path');
  });

  it('reads a minimal workbook of inline strings, as other tools write them', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const bytes = minimalWorkbook(
      `<row r="1">${cell('A1', 'Answer type')}${cell('B1', 'Text')}${cell('C1', 'Max words')}</row>` +
        `<row r="3">${cell('A3', 'essay')}${cell('B3', 'Write &amp; explain')}<c r="C3"><v>120</v></c></row>`,
    );
    const [item] = await readQuestionWorkbook(bytes);
    expectValid(item);
    expect(item.identifier).toBe('row 3');
    expect(item.question).toMatchObject({ text: 'Write & explain', answer_key: { max_words: 120 }, mark: 1 });
  });

  it('refuses a sheet of more rows than a bank needs before building them', async () => {
    const rows = Array.from({ length: 50_002 }, (_, i) => `<row r="${i + 1}"/>`).join('');
    await expect(readQuestionWorkbook(minimalWorkbook(rows))).rejects.toMatchObject({
      reason: 'interchange.errors.xlsx_too_many_rows',
      params: { max: 50_000 },
    });
  });

  it('splits blank options at unescaped bars', () => {
    expect(splitOptions(joinOptions(['a|b', 'c\\d', ' e ']))).toEqual(['a|b', 'c\\d', 'e']);
    expect(splitOptions('red | green|blue |')).toEqual(['red', 'green', 'blue']);
  });
});
