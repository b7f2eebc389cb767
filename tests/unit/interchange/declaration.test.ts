import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import type { LookupField } from '../../../src/server/interchange/interchange-item';
import type { LookupRow } from '../../../src/server/interchange/lookup-tables';
import { lookupTag } from '../../../src/server/interchange/moodle-tags';
import { exportQuestion } from '../../../src/server/interchange/qti-export';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';
import { qtiPackage } from '../../../src/server/interchange/qti/qti-package-writer';
import { headersIn } from '../../../src/server/interchange/xlsx-columns';
import { readQuestionWorkbook } from '../../../src/server/interchange/xlsx-reader';
import { bankWorkbook, questionTemplate } from '../../../src/server/interchange/xlsx-writer';
import { ADDED } from '../../fixtures/schemas/question-fields';

/**
 * Issue 38: a field added to the questions bank's declaration travels in and out with no change to
 * interchange code. The fixture adds a value (`item_writer`) and a lookup (`written_for_grade_id`);
 * both must be columns of the XLSX template and export (headed in both languages, the lookup with
 * its reference list), read back from a workbook, carried by a QTI package's manifest and read
 * back, and the lookup named by a Moodle tag. The console's side is
 * tests/client/questions/declaration.test.tsx.
 */
vi.mock('../../../schemas/questions-bank', async (original) => {
  const bank = ((await original()) as { default: import('../../../schemas/vocabulary').ResourceDefinition }).default;
  // Imported here: the mock is hoisted above the file's imports.
  const fixture = await import('../../fixtures/schemas/question-fields');
  return { default: fixture.withAddedFields(bank) };
});

// The added lookup, as files name it (`written_for_grade_id` -> `written_for_grade`).
const GRADE = 'written_for_grade' as LookupField;

/** A stored bank question with the added fields, as the export reads it from the table. */
const row = {
  id: 7,
  platform_id: 1,
  text: '<p>What is 2 + 2?</p>',
  content_language: 'en',
  answer_type: 'true_false',
  answer_key: JSON.stringify({ correct: true }),
  mark: '2.00',
  mark_option: 'all_or_nothing',
  media_type: 'none',
  media: null,
  media_alt: null,
  media_replay_count: 0,
  instruction_audio: null,
  item_writer: ADDED.item_writer,
};

const gradeName = { en: ADDED.grade.name_en, ar: ADDED.grade.name_ar };
const question = () => ({
  question: exportQuestion(row, 'Q'),
  metadata: { skill: { en: 'Reading' }, [GRADE]: gradeName },
});

const LOOKUPS = {
  question_type: [{ id: 1, name_en: 'Recall', name_ar: 'تذكر' }],
  skill: [{ id: 1, name_en: 'Reading', name_ar: 'القراءة' }],
  difficulty_level: [{ id: 1, name_en: 'Easy', name_ar: 'سهل' }],
  cognitive_level: [{ id: 1, name_en: 'Apply', name_ar: 'تطبيق' }],
  learning_outcome: [{ id: 1, name_en: 'Reads', name_ar: 'يقرأ', skill_id: 1 }],
  depth_of_knowledge: [{ id: 1, name_en: 'Level 1', name_ar: 'المستوى 1' }],
  [GRADE]: [ADDED.grade],
} as Record<LookupField, LookupRow[]>;

async function sheets(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const [questions, reference] = workbook.worksheets;
  const header = (questions.getRow(1).values as unknown[]).slice(1).map(String);
  return { questions, reference, header };
}

describe('fields added to the questions bank declaration, in and out', () => {
  it.each(['en', 'ar'] as const)(
    'are columns of the XLSX template in %s, the lookup with its list',
    async (language) => {
      const { header, reference } = await sheets(await questionTemplate(language, LOOKUPS));
      expect(header).toEqual(headersIn(language));
      // A field the catalogs do not name yet is headed by its words, in both templates.
      expect(header).toEqual(expect.arrayContaining(['Item writer', 'Written for grade']));
      const values: string[] = [];
      reference.columns.forEach((c) => values.push(...(c.values as unknown[]).slice(1).map(String)));
      expect(values).toEqual(expect.arrayContaining([ADDED.grade.name_en, ADDED.grade.name_ar]));
      // The template's examples are classified by the lookup's first value too.
      const items = await readQuestionWorkbook(await questionTemplate(language, LOOKUPS));
      expect(items[0].metadata[GRADE]).toEqual({ [language]: gradeName[language] });
    },
  );

  it('are written by the XLSX export and read back', async () => {
    const { questions, header } = await sheets(await bankWorkbook([question()], 'en'));
    const cells = (questions.getRow(2).values as unknown[]).slice(1);
    expect(cells[header.indexOf('Item writer')]).toBe(ADDED.item_writer);
    expect(cells[header.indexOf('Written for grade')]).toBe(ADDED.grade.name_en);
    const [item] = await readQuestionWorkbook(await bankWorkbook([question()], 'ar'));
    expect(item.problems).toEqual([]);
    expect(item.question).toMatchObject({ item_writer: ADDED.item_writer, answer_type: 'true_false', mark: 2 });
    expect(item.metadata[GRADE]).toEqual({ ar: ADDED.grade.name_ar });
  });

  it('are in the QTI package’s manifest and read back', () => {
    const bytes = qtiPackage({ identifier: 'bank', questions: [question()], media: new Map() });
    const manifest = new TextDecoder().decode(unzipSync(bytes)['imsmanifest.xml']);
    expect(manifest).toContain('ltm:item_writer');
    expect(manifest).toContain('ltm:written_for_grade');
    const [item] = readQti(bytes).items;
    expect(item.question).toMatchObject({ item_writer: ADDED.item_writer, answer_type: 'true_false' });
    expect(item.metadata[GRADE]).toEqual(gradeName);
  });

  it('names the added lookup in Moodle tags', () => {
    expect(lookupTag('written for grade: Grade 4')).toEqual({ field: GRADE, value: 'Grade 4' });
  });
});
