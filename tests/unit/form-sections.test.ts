import { describe, expect, it } from 'vitest';
import questionsBank from '../../schemas/questions-bank';
import { text, type ResourceDefinition } from '../../schemas/vocabulary';
import { formSections } from '../../src/common/declarations';

const withSections = (sections: NonNullable<ResourceDefinition['form']>['sections']): ResourceDefinition => ({
  ...questionsBank,
  form: { sections },
});

describe('a declaration’s form sections', () => {
  it('place every field the question form edits once, in the declared sections and order', () => {
    const sections = formSections(questionsBank);
    expect(sections.map((s) => s.key)).toEqual(['question', 'classification', 'marking', 'media', 'answer']);
    expect(sections.flatMap((s) => s.fields).sort()).toEqual(Object.keys(questionsBank.fields).sort());
    expect(sections[1]).toMatchObject({
      columns: 2,
      fields: expect.arrayContaining(['skill_id', 'learning_outcome_id']),
    });
  });

  it('put a field no section names in the section that takes the rest, else the last', () => {
    const added = {
      ...questionsBank,
      fields: { ...questionsBank.fields, item_writer: text(120, { required: false }) },
    };
    expect(
      formSections(added)
        .find((s) => s.key === 'classification')!
        .fields.at(-1),
    ).toBe('item_writer');
    const noRest = withSections([
      { key: 'one', fields: ['text'] },
      { key: 'two', fields: ['mark'] },
    ]);
    expect(formSections(noRest)[1].fields.slice(0, 2)).toEqual(['mark', 'content_language']);
  });

  it('refuse a section naming a field the declaration lacks, or one named twice', () => {
    expect(() => formSections(withSections([{ key: 'one', fields: ['nope'] }]))).toThrow(/nope/);
    expect(() => formSections(withSections([{ key: 'one', fields: ['text', 'text'] }]))).toThrow(/twice/);
  });
});
