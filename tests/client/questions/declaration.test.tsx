import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { blankRecord, formKeys, recordContract } from '../../../src/common/declarations';
import { questionSchema } from '../../../src/common/questions';
import { ADDED, withAddedFields } from '../../fixtures/schemas/question-fields';
import { bankPermissions, LOOKUP_IDS, questionRecord, serveLookups } from '../questions-support';
import { makeUser, signIn } from '../support/fixtures';
import { renderApp } from '../support/render';
import { listBody, lookupRecord, servePlatforms } from '../support/resources';
import { recorder, server } from '../support/server';

/**
 * Issue 38: a question field lives in its declaration (plus its migration and translations) and
 * nowhere else by hand, as an exam's does. This file adds two to the bank's declaration (a value
 * and a lookup, tests/fixtures/schemas/question-fields.ts) and finds them in the contract, the
 * validator, the blank form, the question form's inputs and body, and the bank's list. The
 * spreadsheet and QTI side is tests/unit/interchange/declaration.test.ts.
 */
vi.mock('../../../schemas/questions-bank', async (original) => {
  const bank = ((await original()) as { default: import('../../../schemas/vocabulary').ResourceDefinition }).default;
  // Imported here: the mock is hoisted above the file's imports.
  const fixture = await import('../../fixtures/schemas/question-fields');
  return { default: fixture.withAddedFields(bank) };
});

const bank = (await import('../../../schemas/questions-bank')).default as ReturnType<typeof withAddedFields>;
const WRITER = 'resources.questions-bank.fields.item_writer';
const GRADE = 'resources.questions-bank.fields.written_for_grade_id';

function setUp() {
  signIn(makeUser(bankPermissions('create', 'edit', 'delete')));
  servePlatforms();
  serveLookups();
  const grade = lookupRecord(ADDED.grade.id, ADDED.grade.name_en, ADDED.grade.name_ar);
  server.use(
    http.get('*/api/grades', () => HttpResponse.json(listBody([grade]))),
    http.get('*/api/grades/:id', () => HttpResponse.json({ data: grade })),
  );
}

async function pick(user: UserEvent, name: RegExp | string, option: string) {
  await user.click(await screen.findByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillRich(user: UserEvent, name: string, text: string) {
  await user.click((await screen.findAllByRole('textbox', { name }, { timeout: 5_000 }))[0]);
  await user.paste(text);
}

describe('fields added to the questions bank declaration', () => {
  it('are in the API contract and the validator, and the form starts them empty and sends them', () => {
    // The lookups' related records aside: the list fixtures' carry more than the contract's.
    const { skill: _skill, question_type: _type, ...stored } = questionRecord();
    const record = {
      ...stored,
      media_alt: null,
      item_writer: ADDED.item_writer,
      written_for_grade_id: ADDED.grade.id,
    };
    expect(recordContract(bank).safeParse(record).error?.issues ?? []).toEqual([]);
    const { item_writer: _writer, ...without } = record;
    expect(recordContract(bank).safeParse(without).success).toBe(false);
    expect(formKeys(bank)).toEqual(expect.arrayContaining(['item_writer', 'written_for_grade_id']));
    expect(blankRecord(bank, 1)).toMatchObject({ item_writer: null, written_for_grade_id: null, mark: 1 });
    const parsed = questionSchema.safeParse({ ...without, item_writer: 'x'.repeat(121) });
    expect(parsed.error?.issues.map((issue) => issue.path[0])).toEqual(['item_writer']);
  });

  it('are inputs of the question form, in the section that takes new fields, sent with the others', async () => {
    setUp();
    const posts = recorder();
    server.use(
      http.get('*/api/questions-bank', () => HttpResponse.json(listBody([questionRecord()]))),
      http.post('*/api/questions-bank', ({ request }) => {
        posts.record(request);
        return HttpResponse.json({ data: questionRecord({ id: 40 }) }, { status: 201 });
      }),
    );
    renderApp('/questions-bank/create');
    const user = userEvent.setup();
    const classification = await screen.findByTestId('section-classification');
    const writer = await within(classification).findByRole('textbox', { name: WRITER });
    await fillRich(user, 'Question text', 'What is 2 + 2?');
    await pick(user, /^Question type/, 'Comprehension');
    await pick(user, /^Skill/, 'Reading');
    await pick(user, /^Learning outcome/, 'Finds the main idea');
    await pick(user, /^Difficulty level/, 'Easy');
    await pick(user, /^Cognitive level/, 'Remember');
    await pick(user, /^Depth of knowledge/, 'Recall');
    await user.type(writer, ADDED.item_writer);
    await pick(user, GRADE, ADDED.grade.name_en);
    await fillRich(user, 'Option 1', 'Four');
    await fillRich(user, 'Option 2', 'Five');
    await user.click(screen.getByRole('radio', { name: 'Correct answer: Option 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts.requests).toHaveLength(1));
    expect(await posts.requests[0].json()).toMatchObject({
      ...LOOKUP_IDS,
      item_writer: ADDED.item_writer,
      written_for_grade_id: ADDED.grade.id,
    });
    // A whole question typed in, ten dropdowns among it: more than the default 30 s on a busy machine.
  }, 90_000);

  it('is a column of the bank’s list when its declaration lists it', async () => {
    setUp();
    server.use(
      http.get('*/api/questions-bank', () =>
        HttpResponse.json(listBody([questionRecord({ item_writer: ADDED.item_writer })])),
      ),
    );
    renderApp('/questions-bank');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(ADDED.item_writer)).toBeInTheDocument();
    // Its header, labelled from the catalog like every column (a missing key reads as its words).
    expect(table.querySelector('th.column-item_writer')).toHaveTextContent('Item writer');
  });
});
