import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatStatistic } from '../../../src/client/format';
import type { AdaptiveAnalysis } from '../../../src/common/contracts/index';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { buildItemAnalysisReport } from '../../helpers/item-analysis-report';
import { renderApp } from '../support/render';
import { server } from '../support/server';
import { AUTHOR_PERMISSIONS, signInAuthor } from './support';

/** An adaptive exam's item analysis (issue 43): its pool use and precision first, no Rasch or DIF of the exam alone. */
const adaptive: AdaptiveAnalysis = {
  scale: { id: 3, name_en: 'Reading scale', name_ar: 'مقياس القراءة' },
  se_target: 0.3,
  min_questions: 10,
  max_questions: 40,
  min_seen: 30,
  measured: 240,
  mean_length: 23.46,
  mean_ability: 0.12,
  sd_ability: 1.04,
  mean_se: 0.3012,
  reached_target: 0.9625,
  mean_information: 11.2,
  reliability: 0.9161,
  pool: 2,
  pool_used: 2,
  max_exposure: 0.875,
  questions: [
    { id: 1, position: 1, given: 60, exposure: 0.25, difficulty: -1.2, ability_correlation: null },
    { id: 2, position: 2, given: 210, exposure: 0.875, difficulty: 0.31, ability_correlation: 0.42 },
  ],
};

async function openAdaptive(language: 'en' | 'ar') {
  signInAuthor([...AUTHOR_PERMISSIONS, ...listPermissions(AREAS.itemStatistics)]);
  const report = buildItemAnalysisReport({ adaptive, rasch: null, dif: [] });
  // The second question was given to too few students for its figures.
  report.items[1] = { ...report.items[1], facility: null, facility_ci: null, discrimination_index: null };
  server.use(http.get('*/api/exams/12/item-analysis', () => HttpResponse.json({ data: report })));
  renderApp('/exams/12/item-analysis', language);
  return screen.findByTestId('adaptive-analysis', {}, { timeout: 5000 });
}

describe("an adaptive exam's item analysis", () => {
  it('shows the precision reached and the pool use first, and no Rasch or DIF section', async () => {
    const panel = await openAdaptive('en');
    expect(screen.queryByTestId('exam-statistics')).not.toBeInTheDocument();
    const sections = screen.getByRole('tablist', { name: 'Item analysis' });
    expect(
      within(sections)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Adaptive test', 'Questions', 'Marker agreement']);
    expect(within(panel).getByRole('heading', { name: 'The adaptive test on Reading scale' })).toBeInTheDocument();
    const figure = (key: string) => screen.getByTestId(`adaptive-figure-${key}`);
    expect(figure('mean_length')).toHaveTextContent('23.5');
    expect(figure('mean_length')).toHaveTextContent('Rule: 10 to 40');
    expect(figure('mean_se')).toHaveTextContent('0.3Target: 0.3');
    expect(figure('reached_target')).toHaveTextContent('96%');
    expect(figure('reliability')).toHaveTextContent('0.916');
    expect(figure('pool_used')).toHaveTextContent('of 2');
    // The most exposed question first; a correlation under the minimum seen is not shown.
    const table = within(panel).getByRole('table', { name: /Each pool question/ });
    const rows = within(table).getAllByTestId('adaptive-question-row');
    expect(rows[0]).toHaveTextContent('221088%0.310.42');
    expect(within(rows[1]).getAllByRole('cell').at(-1)).toHaveTextContent('—');
  });

  it("says in the questions' section that each is read over the students given it, and judges none", async () => {
    await openAdaptive('en');
    screen.getByRole('tab', { name: 'Questions' }).click();
    expect(await screen.findByTestId('flags-legend')).toHaveTextContent(
      'An adaptive exam: each question over the students it was given to, from 30 students on',
    );
    const rows = screen.getAllByTestId('item-row');
    // Near one half by design: no "OK" and no flag; too few students, and it says so.
    expect(within(rows[0]).queryByText('OK')).not.toBeInTheDocument();
    expect(within(rows[0]).queryByText('Weak discrimination')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Unstable')).toBeInTheDocument();
  });

  it('is in Arabic, with its numbers', async () => {
    const panel = await openAdaptive('ar');
    expect(within(panel).getByRole('heading', { name: 'الاختبار التكيفي على مقياس القراءة' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'الاختبار التكيفي' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('adaptive-figure-measured')).toHaveTextContent(
      `الطلاب المقيسون${formatStatistic(240, 'ar', 0)}`,
    );
  });
});
