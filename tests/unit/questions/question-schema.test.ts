import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type AnswerDefinitions,
  parseQuestion,
  QUESTION_MESSAGE_KEYS,
  questionFormMessage,
  questionSchema,
} from '../../../src/common/questions';
import { DEFINITIONS, KINDS, questionBody } from './fixtures';

const issues = (body: unknown) => {
  const parsed = parseQuestion(body);
  return parsed.success ? [] : parsed.issues;
};
const without = (field: string) => {
  const body = questionBody();
  delete body[field];
  return body;
};

describe('question schema: required fields', () => {
  it('accepts a complete question and fills the defaults', () => {
    const body = questionBody();
    delete body.content_language;
    delete body.media_type;
    delete body.media;
    delete body.instruction_audio;
    const parsed = parseQuestion(body);
    expect(parsed.success).toBe(true);
    if (parsed.success)
      expect(parsed.data).toMatchObject({
        content_language: 'ar',
        media_type: 'none',
        media: null,
        instruction_audio: null,
      });
  });

  it.each([
    ['text', 'questions.text_required'],
    ['question_type_id', 'questions.type_required'],
    ['skill_id', 'questions.skill_required'],
    ['difficulty_level_id', 'questions.difficulty_required'],
    ['cognitive_level_id', 'questions.cognitive_required'],
    ['learning_outcome_id', 'questions.outcome_required'],
    ['depth_of_knowledge_id', 'questions.depth_required'],
    ['mark', 'questions.mark_required'],
    ['mark_option', 'questions.mark_option_required'],
    ['media_replay_count', 'questions.replay_required'],
    ['answer_type', 'questions.answer_type_required'],
    ['platform_id', 'questions.platform_required'],
  ])('%s missing or null gives %s', (field, key) => {
    expect(issues(without(field))).toContainEqual({ path: [field], message: key });
    expect(issues(questionBody({ [field]: null }))).toContainEqual({ path: [field], message: key });
  });

  it.each([
    'question_type_id',
    'skill_id',
    'difficulty_level_id',
    'cognitive_level_id',
    'learning_outcome_id',
    'depth_of_knowledge_id',
    'platform_id',
  ])('%s: 0, "", junk, decimals, booleans and numeric strings are refused; only numbers are ids', (field) => {
    for (const value of [0, '0', '12', ' 12 ', '', 'abc', '1a', 1.5, -2, true, 2_147_483_648]) {
      expect(issues(questionBody({ [field]: value })), String(value)).toEqual([
        { path: [field], message: expect.stringMatching(/_required$/) },
      ]);
    }
    const parsed = parseQuestion(questionBody({ [field]: 12 }));
    expect(parsed.success && (parsed.data as Record<string, unknown>)[field]).toBe(12);
  });

  it('refuses a text without visible content', () => {
    expect(issues(questionBody({ text: '<p><br></p>' }))).toEqual([
      { path: ['text'], message: 'questions.text_required' },
    ]);
    expect(issues(questionBody({ text: 'x'.repeat(10_001) }))).toEqual([
      { path: ['text'], message: 'questions.text_too_long' },
    ]);
  });

  it('checks the mark and the replay count ranges', () => {
    for (const mark of [101, -1, 1.234])
      expect(issues(questionBody({ mark }))).toEqual([{ path: ['mark'], message: 'questions.mark_invalid' }]);
    for (const mark of ['abc', true, '2.5', '-1'])
      expect(issues(questionBody({ mark }))).toEqual([{ path: ['mark'], message: 'questions.mark_required' }]);
    const parsed = parseQuestion(questionBody({ mark: 2.5 }));
    expect(parsed.success && parsed.data.mark).toBe(2.5);
    expect(parseQuestion(questionBody({ mark: 0 })).success).toBe(true);
    for (const count of [11, -1, 1.5])
      expect(issues(questionBody({ media_replay_count: count }))).toEqual([
        { path: ['media_replay_count'], message: 'questions.replay_invalid' },
      ]);
    expect(issues(questionBody({ media_replay_count: '2' }))).toEqual([
      { path: ['media_replay_count'], message: 'questions.replay_required' },
    ]);
  });

  it('refuses unknown enum values', () => {
    expect(issues(questionBody({ content_language: 'fr' }))).toEqual([
      { path: ['content_language'], message: 'validation.invalid' },
    ]);
    expect(issues(questionBody({ media_type: 'video' }))).toEqual([
      { path: ['media_type'], message: 'validation.invalid' },
    ]);
    expect(issues(questionBody({ mark_option: 'some' }))).toEqual([
      { path: ['mark_option'], message: 'questions.mark_option_required' },
    ]);
    expect(issues(questionBody({ answer_type: 'poll' }))).toEqual([
      { path: ['answer_type'], message: 'questions.answer_type_required' },
    ]);
  });

  it('needs media unless the media type is none, and only safe references', () => {
    expect(issues(questionBody({ media_type: 'audio' }))).toEqual([
      { path: ['media'], message: 'questions.media_required' },
    ]);
    expect(issues(questionBody({ media_type: 'image', media: 'media/abc.png' }))).toEqual([]);
    expect(issues(questionBody({ media_type: 'image', media: '../abc.png' }))).toEqual([
      { path: ['media'], message: 'questions.media_invalid' },
    ]);
    expect(issues(questionBody({ instruction_audio: 'javascript:alert(1)' }))).toEqual([
      { path: ['instruction_audio'], message: 'questions.media_invalid' },
    ]);
    expect(issues(questionBody({ instruction_audio: 'media/x.webm' }))).toEqual([]);
  });

  it('shows every message at once', () => {
    const found = issues({ answer_type: 'single_choice', answer_key: { options: [] }, media_type: 'image' }).map((i) =>
      i.path.join('.'),
    );
    expect(found).toEqual(expect.arrayContaining(['text', 'skill_id', 'mark', 'answer_key.options', 'media']));
  });
});

describe('question schema: answer key', () => {
  it.each(KINDS)('accepts a valid %s question', (kind) => {
    expect(
      issues(questionBody({ answer_type: kind, answer_key: DEFINITIONS[kind], mark: kind === 'paragraph' ? 6.5 : 2 })),
    ).toEqual([]);
  });

  it('validates the answer key against the answer type, with paths under answer_key', () => {
    expect(issues(questionBody({ answer_type: 'true_false' }))).toEqual([
      { path: ['answer_key', 'correct'], message: 'questions.correct_value_required' },
      { path: ['answer_key', 'options'], message: 'validation.unknown_field' },
    ]);
    expect(issues(questionBody({ answer_type: 'single_choice' }))).toEqual([]);
    const dup = questionBody();
    (dup.answer_key as AnswerDefinitions['single_choice']).options[2].text = 'paris';
    expect(issues(dup)).toEqual([
      { path: ['answer_key', 'options', 2, 'text'], message: 'questions.duplicate_options' },
    ]);
  });

  it('says incomplete for a missing answer key and, above the form, for any answer key issue', () => {
    expect(issues(without('answer_key'))).toEqual([{ path: ['answer_key'], message: 'questions.incomplete' }]);
    const parsed = parseQuestion(questionBody({ answer_key: { options: [] } }));
    expect(parsed).toMatchObject({ success: false, message: 'questions.incomplete' });
    expect(questionFormMessage([{ path: ['text'], message: 'questions.text_required' }])).toBe(
      'questions.text_required',
    );
  });

  it('needs a paragraph mark equal to the sum of its children marks', () => {
    expect(issues(questionBody({ answer_type: 'paragraph', answer_key: DEFINITIONS.paragraph, mark: 7 }))).toEqual([
      { path: ['mark'], message: 'questions.paragraph_mark_mismatch' },
    ]);
    expect(issues(questionBody({ answer_type: 'paragraph', answer_key: DEFINITIONS.paragraph, mark: 6.5 }))).toEqual(
      [],
    );
  });
});

describe('question schema: strictness and keys', () => {
  it('refuses unknown keys and tolerates the read-only keys of a record read back', () => {
    expect(issues(questionBody({ score: 5, is_correct: true }))).toEqual([
      { path: ['score'], message: 'validation.unknown_field' },
      { path: ['is_correct'], message: 'validation.unknown_field' },
    ]);
    expect(
      issues(questionBody({ id: 4, created_at: '2026-01-01 10:00:00', skill: { id: 2, name: 'Reading' } })),
    ).toEqual([]);
  });

  it('gives only catalog keys as messages, whatever it is sent', () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { text: 5, mark: {}, answer_type: 'matching', answer_key: 'x' },
      { answer_type: 'paragraph', answer_key: { children: [{}] } },
    ];
    for (const kind of KINDS)
      bodies.push(
        questionBody({ answer_type: kind, answer_key: { x: [1], options: 'a', blanks: {}, items: 3, pairs: [null] } }),
      );
    for (const body of bodies) {
      const parsed = questionSchema.safeParse(body);
      for (const issue of parsed.error?.issues ?? [])
        expect(QUESTION_MESSAGE_KEYS, JSON.stringify(issue)).toContain(issue.message);
    }
  });

  it('converts to a JSON schema for the API reference', () => {
    expect(() => z.toJSONSchema(questionSchema, { io: 'input', unrepresentable: 'any' })).not.toThrow();
  });
});
