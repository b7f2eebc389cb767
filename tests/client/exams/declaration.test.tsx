import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { text } from '../../../schemas/vocabulary';
import { blankRecord, formKeys, recordContract } from '../../../src/common/declarations';
import { examFormSchema } from '../../../src/common/exams/exam-form';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { makeExam, serveExamList, serveLookups, setWallTime, signInAuthor } from './support';

/**
 * Issue 24: an exam field lives in its declaration (plus its migration and translations) and
 * nowhere else by hand. This file adds one to the exams' declaration, as a developer would, and
 * finds it in the contract, the validator, the blank form, the form's inputs and body, and the list.
 */
vi.mock('../../../schemas/exams', async (original) => {
  const exams = ((await original()) as { default: import('../../../schemas/vocabulary').ResourceDefinition }).default;
  return {
    default: {
      ...exams,
      fields: { ...exams.fields, proctor_note: text(200, { required: false, default: null }) },
      list: { ...exams.list, columns: [...exams.list.columns, 'proctor_note'] },
    },
  };
});

const exams = (await import('../../../schemas/exams')).default;
const LABEL = 'resources.exams.fields.proctor_note';

describe('a field added to the exams declaration', () => {
  it('is in the API contract and the validator, and the form starts it empty and sends it', () => {
    const record = {
      ...blankRecord(exams, 1),
      id: 12,
      name: 'Reading',
      name_en: 'Reading',
      name_ar: 'القراءة',
      duration_id: 51,
      round_id: 41,
      grade_id: 11,
      exam_type_id: 61,
      skill_ids: [31],
      start_date_time: '2026-12-01 09:00:00',
      end_date_time: '2026-12-01 11:00:00',
      is_published: false,
      proctor_note: 'Room 4',
    };
    expect(recordContract(exams).safeParse(record).error?.issues ?? []).toEqual([]);
    const { proctor_note: _note, ...without } = record;
    expect(recordContract(exams).safeParse(without).success).toBe(false);
    expect(formKeys(exams)).toContain('proctor_note');
    expect(blankRecord(exams, 1)).toMatchObject({ proctor_note: null, min_mark: 0, max_mark: 100, pass_mark: 50 });
    const parsed = examFormSchema.safeParse({ ...without, proctor_note: 'x'.repeat(201) });
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['proctor_note']);
  });

  it('is an input of the exam form, sent with the others', async () => {
    signInAuthor();
    serveLookups();
    const posts = recorder();
    server.use(
      http.post('*/api/exams', async ({ request }) => {
        posts.record(request);
        return HttpResponse.json({ data: makeExam() }, { status: 201 });
      }),
    );
    serveExamList();
    renderApp('/exams/create');
    const user = userEvent.setup();
    const note = await screen.findByRole('textbox', { name: LABEL });
    await user.type(screen.getByRole('textbox', { name: 'Name (English)' }), 'Reading');
    await user.type(screen.getByRole('textbox', { name: 'Name (Arabic)' }), 'القراءة');
    await user.type(note, 'Room 4');
    for (const [label, option] of [
      ['Duration', '45 minutes'],
      ['Round', 'Round 1'],
      ['Grade', 'Grade 4'],
      ['Exam type', 'Benchmark'],
    ]) {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(screen.getByRole('combobox', { name: 'Skills' }));
    await user.click(await screen.findByRole('option', { name: 'Reading' }));
    await user.keyboard('{Escape}');
    await setWallTime('start_date_time', '2026-12-01 09:00');
    await setWallTime('end_date_time', '2026-12-01 11:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts.requests).toHaveLength(1));
    expect(await posts.requests[0]!.json()).toMatchObject({ name_en: 'Reading', proctor_note: 'Room 4' });
  });

  it('is a column of the exams list', async () => {
    signInAuthor();
    serveLookups();
    serveExamList([makeExam({ proctor_note: 'Room 4' })]);
    renderApp('/exams');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Room 4')).toBeInTheDocument();
    // Its header, labelled from the catalog like every column (a missing key reads as its words).
    expect(table.querySelector('th.column-proctor_note')).toHaveTextContent('Proctor note');
  });
});
