import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ItemAnalysisReport } from '../../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { AUTHOR_PERMISSIONS, signInAuthor } from './support';

const REPORT: ItemAnalysisReport = {
  exam: {
    id: 12,
    name_en: 'Reading benchmark',
    name_ar: 'اختبار القراءة',
    attempts: 24,
    items: 2,
    max: 3,
    mean: 2.25,
    median: 2,
    sd: 0.8,
    min: 0,
    highest: 3,
    alpha: 0.6842,
    sem: 0.45,
    group_size: 6,
  },
  items: [
    {
      id: 1,
      position: 1,
      answer_type: 'single_choice',
      text: 'Which sentence describes the picture?',
      max: 2,
      mean: 1.5,
      sd: 0.9,
      facility: 0.75,
      item_rest_correlation: 0.04,
      discrimination_index: 0.17,
      flags: ['weak_discrimination'],
      options: [
        { id: 'a', text: 'The sun rises', correct: true, count: 18, share: 0.75, upper_share: 0.83, lower_share: 0.67 },
        { id: 'b', text: 'It rains', correct: false, count: 6, share: 0.25, upper_share: 0.17, lower_share: 0.33 },
      ],
      omitted_share: 0,
    },
    {
      id: 2,
      position: 2,
      answer_type: 'true_false',
      text: 'The sun rises in the west.',
      max: 1,
      mean: 0.63,
      sd: 0.5,
      facility: 0.63,
      item_rest_correlation: 0.24,
      discrimination_index: 0.67,
      flags: [],
      options: [
        { id: 'true', text: 'true', correct: false, count: 9, share: 0.38, upper_share: 0, lower_share: 0.67 },
        { id: 'false', text: 'false', correct: true, count: 15, share: 0.63, upper_share: 1, lower_share: 0.33 },
      ],
      omitted_share: 0,
    },
  ],
};

const serveAnalysis = (report = REPORT) =>
  server.use(http.get('*/api/exams/12/item-analysis', () => HttpResponse.json({ data: report })));

describe('item analysis', () => {
  it("shows the exam's reliability and each question's statistics, options and flags", async () => {
    signInAuthor([...AUTHOR_PERMISSIONS, ...listPermissions(AREAS.itemStatistics)]);
    serveAnalysis();
    renderApp('/exams/12/item-analysis');
    expect(
      await screen.findByRole('heading', { name: 'Item analysis: Reading benchmark', level: 1 }),
    ).toBeInTheDocument();
    const figures = screen.getByTestId('exam-statistics');
    expect(within(figures).getByText("Cronbach's alpha")).toBeInTheDocument();
    expect(within(figures).getByText('0.684')).toBeInTheDocument();
    const rows = screen.getAllByTestId('item-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Near-zero discrimination')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/75% \/ 83% \/ 67%/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('OK')).toBeInTheDocument();
    expect(within(rows[1]).getByText('False')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Item analysis', selected: true })).toBeInTheDocument();
    // The three shares are explained on screen, not only to screen readers.
    expect(screen.getByTestId('options-legend')).toBeVisible();
    expect(screen.getByTestId('options-legend')).toHaveTextContent('all students / the upper 27% / the lower 27%');
  });

  it('names True صواب in Arabic, as the exam does', async () => {
    signInAuthor([...AUTHOR_PERMISSIONS, ...listPermissions(AREAS.itemStatistics)]);
    serveAnalysis();
    renderApp('/exams/12/item-analysis', 'ar');
    const rows = await screen.findAllByTestId('item-row');
    expect(within(rows[1]).getByText('صواب')).toBeInTheDocument();
    expect(within(rows[1]).getByText('خطأ')).toBeInTheDocument();
    expect(screen.getByTestId('options-legend')).toHaveTextContent('جميع الطلاب');
  });

  it('says so when no attempt is corrected yet, in Arabic', async () => {
    signInAuthor([...AUTHOR_PERMISSIONS, ...listPermissions(AREAS.itemStatistics)]);
    serveAnalysis({ exam: { ...REPORT.exam, attempts: 0, alpha: null, sem: null }, items: [] });
    renderApp('/exams/12/item-analysis', 'ar');
    expect(
      await screen.findByText('لا توجد محاولات مسلّمة ومصححة بعد: تظهر الإحصاءات عندما تصبح للطلاب نتائج.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'تحليل الأسئلة' })).toBeInTheDocument();
  });

  it('is a tab of the exam page only for those who may see it', async () => {
    signInAuthor([...AUTHOR_PERMISSIONS, ...listPermissions(AREAS.itemStatistics)]);
    serveAnalysis();
    renderApp('/exams/12/item-analysis');
    await userEvent.click(await screen.findByRole('tab', { name: 'Preview' }));
    expect(window.location.pathname).toBe('/exams/12/preview');
  });
});
