import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { CoreAdminContext } from 'react-admin';
import { areaPermission, permissionFor } from '../../src/common/permissions';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { createI18nProvider } from '../../src/client/providers/i18nProvider';
import { listBody, lookupRecord } from './support/resources';
import { recorder, server } from './support/server';
import './richText-dom';

// The rich-text editor is lazy; its first import (tiptap, ProseMirror) can outlast a findBy's
// wait. Loading it once up front makes every later React.lazy resolve at once.
beforeAll(async () => {
  await import('../../src/client/rich-text/RichTextEditor');
}, 30_000);

/**
 * Renders a component with the real English (or Arabic) catalog and the real data provider (its
 * calls answered by the mock server), as the console does.
 */
export function renderWithI18n(ui: ReactNode, language: 'en' | 'ar' = 'en') {
  return render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(language)}>
      {ui}
    </CoreAdminContext>,
  );
}

/** The questions-bank permissions for `actions` (view always included). */
export const bankPermissions = (...actions: ('create' | 'edit' | 'delete')[]) => [
  areaPermission('questions-bank', 'view'),
  ...actions.map((action) => permissionFor('questions-bank', action)),
];

/** One record per lookup on platform 1; the outcome belongs to skill 4. */
export const LOOKUP_RECORDS = {
  'question-types': lookupRecord(3, 'Comprehension', 'فهم المقروء'),
  skills: lookupRecord(4, 'Reading', 'القراءة'),
  'difficulty-levels': lookupRecord(5, 'Easy', 'سهل'),
  'cognitive-levels': lookupRecord(6, 'Remember', 'التذكر'),
  'learning-outcomes': { ...lookupRecord(7, 'Finds the main idea', 'يحدد الفكرة الرئيسة'), skill_id: 4 },
  'depth-of-knowledges': lookupRecord(8, 'Recall', 'الاستدعاء'),
};

/** The lookup ids of a complete question (matching `LOOKUP_RECORDS`). */
export const LOOKUP_IDS = {
  question_type_id: 3,
  skill_id: 4,
  difficulty_level_id: 5,
  cognitive_level_id: 6,
  learning_outcome_id: 7,
  depth_of_knowledge_id: 8,
};

/** Serves the six lookups (lists and single reads); returns the list requests seen. */
export function serveLookups() {
  const calls = recorder();
  for (const [resource, record] of Object.entries(LOOKUP_RECORDS)) {
    server.use(
      http.get(`*/api/${resource}`, ({ request }) => {
        calls.record(request);
        return HttpResponse.json(listBody([record]));
      }),
      http.get(`*/api/${resource}/:id`, () => HttpResponse.json({ data: record })),
    );
  }
  return calls;
}

/** A stored question as the API returns it, answer key included. */
export function questionRecord(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    text: '<p>Which city is the capital of <strong>Egypt</strong>?</p>',
    content_language: 'en',
    ...LOOKUP_IDS,
    mark: 2,
    mark_option: 'all_or_nothing',
    media_type: 'none',
    media: null,
    media_url: null,
    media_replay_count: 0,
    instruction_audio: null,
    instruction_audio_url: null,
    answer_type: 'single_choice',
    answer_key: {
      options: [
        { id: 'optCairo', text: '<p>Cairo</p>', correct: true },
        { id: 'optGiza', text: '<p>Giza</p>', correct: false },
      ],
    },
    platform_id: 1,
    skill: LOOKUP_RECORDS.skills,
    question_type: LOOKUP_RECORDS['question-types'],
    ...overrides,
  };
}

/** A valid answer key of each kind (ids fixed for readable tests; the editors make random ones). */
export const SAMPLE_DEFINITIONS = {
  single_choice: {
    options: [
      { id: 'optCairo', text: '<p>Cairo</p>', correct: true },
      { id: 'optGiza', text: '<p>Giza</p>', correct: false },
    ],
  },
  multiple_choice: {
    options: [
      { id: 'optTwo', text: '<p>Two</p>', correct: true },
      { id: 'optFour', text: '<p>Four</p>', correct: true },
      { id: 'optFive', text: '<p>Five</p>', correct: false },
    ],
  },
  true_false: { correct: false },
  essay: { max_words: 3 },
  fill_blanks: { blanks: [{ id: 'blankSky', before: 'The sky is', answer: 'azure', after: 'today.' }] },
  reordering: {
    items: [
      { id: 'itFirst', text: '<p>First</p>' },
      { id: 'itSecond', text: '<p>Second</p>' },
      { id: 'itThird', text: '<p>Third</p>' },
    ],
  },
  matching: {
    pairs: [
      { id: 'pCat', left: '<p>Cat</p>', right_id: 'rKitten', right: '<p>Kitten</p>' },
      { id: 'pDog', left: '<p>Dog</p>', right_id: 'rPuppy', right: '<p>Puppy</p>' },
    ],
  },
  audio_response: { max_duration_seconds: 60 },
  categorizing: {
    categories: [
      { id: 'cFruit', name: '<p>Fruits</p>', options: [{ id: 'oApple', text: '<p>Apple</p>' }] },
      { id: 'cVeg', name: '<p>Vegetables</p>', options: [{ id: 'oCarrot', text: '<p>Carrot</p>' }] },
    ],
  },
  paragraph: {
    passage: '<p>Salma plants a tree every spring.</p>',
    children: [
      {
        id: 'chOne',
        kind: 'true_false',
        text: '<p>Salma plants flowers.</p>',
        mark: 2,
        mark_option: 'all_or_nothing',
        definition: { correct: false },
      },
    ],
  },
} as const;
