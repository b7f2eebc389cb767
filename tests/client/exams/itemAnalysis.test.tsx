import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildItemAnalysisReport } from '../../helpers/item-analysis-report';
import { AREAS, listPermissions } from '../../../src/common/permission-catalog';
import { formatShare, formatStatistic } from '../../../src/client/format';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { AUTHOR_PERMISSIONS, signInAuthor } from './support';

const buildReport = buildItemAnalysisReport;
/** A negative figure as the analysis shows it: isolated left to right, so its sign stays first in Arabic. */
const minus = (digits: string) => `\u2066-${digits}\u2069`;

const serveAnalysis = (report = buildReport()) =>
  server.use(http.get('*/api/exams/12/item-analysis', () => HttpResponse.json({ data: report })));

/** Signs in an author who may see item statistics, serves `report` and opens the analysis (in `language`). */
async function openAnalysis(report = buildReport(), language: 'en' | 'ar' = 'en') {
  signInAuthor([...AUTHOR_PERMISSIONS, ...listPermissions(AREAS.itemStatistics)]);
  serveAnalysis(report);
  renderApp('/exams/12/item-analysis', language);
  await screen.findByTestId('exam-statistics', {}, { timeout: 5000 });
}

/** Opens an inner section by its tab and returns its panel, found by the tab's name. */
async function openSection(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('item analysis', () => {
  it("shows the exam's reliability and each question's statistics, options and flags", async () => {
    await openAnalysis();
    expect(screen.getByRole('heading', { name: 'Item analysis: Reading benchmark', level: 1 })).toBeInTheDocument();
    const alpha = screen.getByTestId('exam-figure-alpha');
    expect(within(alpha).getByText("Cronbach's alpha")).toBeInTheDocument();
    expect(within(alpha).getByText('0.684')).toBeInTheDocument();
    expect(within(alpha).getByText('95% interval: 0.61 to 0.75')).toBeInTheDocument();
    expect(screen.queryByTestId('unstable-notice')).not.toBeInTheDocument();

    const panel = screen.getByRole('tabpanel', { name: 'Questions' });
    const table = within(panel).getByTestId('item-table');
    for (const column of ['Item–rest r', 'Item–total r', 'Alpha if deleted', 'Upper–lower index', 'Review'])
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    const rows = within(panel).getAllByTestId('item-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Weak discrimination')).toBeInTheDocument();
    expect(within(rows[0]).getByText('0.21')).toBeInTheDocument();
    expect(within(rows[0]).getByText('0.712')).toBeInTheDocument();
    expect(within(rows[0]).queryByTestId('interval')).not.toBeInTheDocument();
    // Each option: all / upper / lower, then its point-biserial; a distractor that draws strong students is flagged.
    const options = within(rows[0]).getByRole('list', {
      name: 'Options chosen (all / upper 27% / lower 27%, point-biserial)',
    });
    const distractor = within(options).getAllByRole('listitem')[1];
    expect(distractor).toHaveTextContent('It rains: 25% / 17% / 33%, r = 0.12');
    expect(within(distractor).getByText('Draws strong students')).toBeInTheDocument();
    expect(within(rows[1]).getByText('OK')).toBeInTheDocument();
    expect(within(rows[1]).getByText('False')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Item analysis', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Questions', selected: true })).toBeInTheDocument();
    // The three shares are explained on screen, not only to screen readers.
    expect(screen.getByTestId('options-legend')).toBeVisible();
    expect(screen.getByTestId('options-legend')).toHaveTextContent('all students / the upper group / the lower group');
  });

  it.each([
    [
      {},
      [
        'under 0.3 is too hard',
        'above 0.9 too easy',
        'under 0.2 discriminates',
        'bottom 27% of totals',
        'From 100 attempts',
        'a point-biserial above 0.05',
      ],
    ],
    [
      {
        hard_below: 0.25,
        easy_above: 0.95,
        weak_below: 0.15,
        group_share: 0.33,
        min_attempts: 50,
        distractor_above: 0.1,
      },
      [
        'under 0.25 is too hard',
        'above 0.95 too easy',
        'under 0.15 discriminates',
        'bottom 33% of totals',
        'From 50 attempts',
        'a point-biserial above 0.1',
      ],
    ],
  ])('words the legend with the limits the server sent (%o)', async (limits, phrases) => {
    await openAnalysis(buildReport({ limits }));
    const legend = screen.getByTestId('flags-legend');
    for (const phrase of phrases) expect(legend).toHaveTextContent(phrase);
  });

  it('shows intervals and no flags while the figures are unstable', async () => {
    await openAnalysis(buildReport({ exam: { attempts: 24, unstable: true, alpha_ci: [0.41, 0.83] } }));
    expect(screen.getByTestId('unstable-notice')).toHaveTextContent(
      'Only 24 attempts: figures from fewer than 100 are unstable.',
    );
    expect(within(screen.getByTestId('exam-figure-alpha')).getByText('95% interval: 0.41 to 0.83')).toBeInTheDocument();
    const [first] = screen.getAllByTestId('item-row');
    const intervals = within(first).getAllByTestId('interval');
    expect(intervals.map((node) => node.textContent)).toEqual([
      '95% interval: 0.69 to 0.8',
      `95% interval: ${minus('0.09')} to 0.17`,
    ]);
    expect(within(first).getByText('Unstable')).toBeInTheDocument();
    expect(within(first).queryByText('Weak discrimination')).not.toBeInTheDocument();
  });

  it('downloads the analysis as CSV or Excel', async () => {
    const calls = recorder();
    server.use(
      http.get('*/api/exams/12/item-analysis/export', ({ request }) => {
        calls.record(request);
        return new HttpResponse(new Uint8Array([80, 75]), {
          headers: { 'content-disposition': 'attachment; filename="item-analysis-12.xlsx"' },
        });
      }),
    );
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:analysis';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await openAnalysis();
      await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
      await waitFor(() => expect(saved).toEqual(['item-analysis-12.xlsx']));
      expect(new URL(calls.requests[0].url).searchParams.get('format')).toBe('xlsx');
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('shows the Rasch calibration and the person–item map', async () => {
    await openAnalysis();
    expect(screen.queryByTestId('rasch-table')).not.toBeInTheDocument();
    const panel = await openSection('Rasch model');
    expect(within(panel).getByTestId('rasch-help')).toHaveTextContent('above 1.3 the question does not behave');
    const figures = within(panel).getByTestId('rasch-figures');
    expect(figures).toHaveTextContent('ModelRasch');
    expect(figures).toHaveTextContent('Ability SD (logits)1.12');
    expect(figures).toHaveTextContent('Person separation reliability0.71');
    expect(within(panel).queryByTestId('rasch-not-converged')).not.toBeInTheDocument();
    // No reporting scale holds these questions: no drift table.
    expect(within(panel).queryByTestId('scale-drift')).not.toBeInTheDocument();
    const rows = within(panel).getAllByTestId('rasch-row');
    expect(rows[0]).toHaveTextContent(`1Rasch${minus('0.85')}0.210.951.02`);
    expect(within(rows[0]).queryByText('Misfit')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Misfit')).toBeInTheDocument();

    // Highest logits at the top; each question in the band of its difficulty.
    const bands = within(panel).getAllByTestId('wright-band');
    expect(bands.map((band) => within(band).getByTestId('wright-band-range').textContent)).toEqual([
      '1 – 2',
      '0 – 1',
      `${minus('1')} – 0`,
      `${minus('2')} – ${minus('1')}`,
    ]);
    expect(bands.map((band) => within(band).getByTestId('wright-items').textContent)).toEqual(['2', '', '1', '']);
    // The bar of the fullest band is the longest.
    const widths = bands.map((band) => within(band).getByTestId('wright-bar').style.width);
    expect(widths).toEqual(['24%', '80%', '64%', '24%']);
    // The same figures as a table for screen readers.
    const table = within(panel).getByRole('table', { name: 'Person–item map' });
    const top = within(table).getByRole('row', { name: /From 1 to 2 logits/ });
    expect(top).toHaveTextContent('30 students');
    expect(within(top).getAllByRole('cell')[1]).toHaveTextContent('2');

    // Each raw score's ability, in a region named by its heading.
    const scores = within(panel).getByRole('region', { name: 'Ability for each raw score' });
    expect(
      within(scores)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Raw scoreAbility (logits)SEStudents',
      `0${minus('2.05')}1.4140`,
      `1${minus('0.31')}1.52110`,
      '21.631.4390',
    ]);
  });

  it('moves between the sections with the keyboard', async () => {
    await openAnalysis();
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'Questions' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Differential item functioning' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('tabpanel', { name: 'Differential item functioning' });
    expect(within(panel).getByTestId('dif-language')).toBeInTheDocument();
    expect(screen.queryByTestId('item-table')).not.toBeInTheDocument();
  });

  it('marks uncalibrated questions and an estimation that did not converge', async () => {
    const report = buildReport();
    const [first, second] = report.rasch!.items;
    await openAnalysis(
      buildReport({
        rasch: {
          converged: false,
          iterations: 200,
          items: [{ ...first, extreme: true, difficulty: null, se: null, infit: null, outfit: null }, second],
        },
      }),
    );
    const panel = await openSection('Rasch model');
    expect(within(panel).getByTestId('rasch-not-converged')).toHaveTextContent(
      'The estimation did not converge in 200 iterations',
    );
    expect(within(panel).getAllByTestId('rasch-row')[0]).toHaveTextContent(
      'Not calibrated: every student scored the same',
    );
  });

  it("shows each question beside the bank's value on its reporting scale, and flags a drift beyond 0.5 logits", async () => {
    const scales = [
      {
        scale: { id: 3, name_en: 'Reading scale', name_ar: 'مقياس القراءة' },
        shift: 0.4,
        items: [
          {
            id: 1,
            position: 1,
            difficulty: -0.45,
            bank_difficulty: -0.5,
            calibration_id: 7,
            drift: 0.05,
            drifted: false,
          },
          { id: 2, position: 2, difficulty: 1.8, bank_difficulty: 1.1, calibration_id: 7, drift: 0.7, drifted: true },
        ],
      },
    ];
    await openAnalysis(buildReport({ scales }));
    const panel = await openSection('Rasch model');
    const drift = within(panel).getByTestId('scale-drift');
    expect(within(drift).getByRole('heading', { name: 'On the Reading scale' })).toBeInTheDocument();
    const rows = within(drift).getAllByTestId('scale-drift-row');
    expect(rows[0]).toHaveTextContent(`1${minus('0.45')}${minus('0.5')}Calibration 70.05`);
    expect(rows[0]).not.toHaveTextContent('Drifted');
    expect(rows[1]).toHaveTextContent('21.81.1Calibration 70.7Drifted');
  });

  it('says so when there is no calibration', async () => {
    await openAnalysis(buildReport({ rasch: null }));
    const panel = await openSection('Rasch model');
    expect(within(panel).getByText('Not enough attempts or questions to calibrate.')).toBeInTheDocument();
    expect(within(panel).queryByTestId('wright-map')).not.toBeInTheDocument();
  });

  it('draws the person–item map in Arabic, right to left, with the numbers of the language', async () => {
    await openAnalysis(buildReport(), 'ar');
    const panel = await openSection('نموذج راش');
    expect(document.documentElement.dir).toBe('rtl');
    const bands = within(panel).getAllByTestId('wright-band');
    const range = (from: number, to: number) => `${formatStatistic(from, 'ar')} – ${formatStatistic(to, 'ar')}`;
    expect(bands.map((band) => within(band).getByTestId('wright-band-range').textContent)).toEqual([
      range(1, 2),
      range(0, 1),
      range(-1, 0),
      range(-2, -1),
    ]);
    expect(within(bands[0]).getByTestId('wright-items')).toHaveTextContent(formatStatistic(2, 'ar', 0));
    const table = within(panel).getByRole('table', { name: 'خريطة الطلاب والأسئلة' });
    expect(within(table).getByRole('columnheader', { name: 'الطلاب' })).toBeInTheDocument();
    // 30 students: the plural form of 11 to 99.
    expect(within(table).getAllByText(`${formatStatistic(30, 'ar', 0)} طالبًا`)).toHaveLength(2);
    expect(within(table).getByText(`${formatStatistic(100, 'ar', 0)} طالب`)).toBeInTheDocument();
  });

  it('lists DIF by grouping, large DIF first, and groups too small to compare', async () => {
    await openAnalysis();
    const panel = await openSection('Differential item functioning');
    expect(within(panel).getByTestId('dif-help')).toHaveTextContent('Groups under 30 students are not compared.');
    expect(within(panel).getByTestId('dif-help')).toHaveTextContent(
      'C (large: |D-DIF| of 1.5 or more) or B (moderate: 1 or more)',
    );

    const language = within(panel).getByTestId('dif-language');
    expect(within(language).getByRole('heading', { name: 'Exam version' })).toBeInTheDocument();
    expect(within(language).getByTestId('dif-reference')).toHaveTextContent(
      'Reference group: Original version (150 students)',
    );
    const french = within(language).getByTestId('dif-focal');
    expect(french).toHaveTextContent('Focal group: French version (90 students)');
    expect(within(french).getByTestId('dif-flagged')).toHaveTextContent('Questions with large DIF (C): 2');
    const rows = within(french).getAllByTestId('dif-row');
    expect(rows[0]).toHaveTextContent(`2${minus('1.8')} D-DIFC: largeharder for the focal group`);
    expect(within(rows[0]).getByText('C: large').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(rows[1]).toHaveTextContent('A: negligible');

    const gender = within(panel).getByTestId('dif-gender');
    expect(within(gender).getByTestId('dif-reference')).toHaveTextContent('Reference group: Male (120 students)');
    const [female, unknown] = within(gender).getAllByTestId('dif-focal');
    expect(within(female).getAllByTestId('dif-row')[0]).toHaveTextContent('B: moderateeasier for the focal group');
    expect(unknown).toHaveTextContent('Focal group: Not recorded (10 students) — too few students');
    expect(within(unknown).queryByTestId('dif-table')).not.toBeInTheDocument();
  });

  it('says so when no two groups can be compared for DIF', async () => {
    await openAnalysis(buildReport({ dif: [], limits: { dif_min_group: 40 } }));
    const panel = await openSection('Differential item functioning');
    expect(within(panel).getByText('No two groups have 40 students each yet.')).toBeInTheDocument();
  });

  it('shows the agreement of double marking and the markers who drift', async () => {
    await openAnalysis();
    const panel = await openSection('Marker agreement');
    const drift = within(panel).getByTestId('marker-drift');
    expect(drift).toHaveTextContent('Drifts from co-markers');
    expect(within(panel).getByTestId('marker-help')).toHaveTextContent(
      `with 20 double-marked answers or more is flagged for the chief marker when their marks are on average ${formatShare(0.1, 'en')} of the maximum above or below their co-markers’, or fewer than ${formatShare(0.8, 'en')} are within one step`,
    );
    expect(within(drift).getByRole('listitem')).toHaveTextContent(
      `Omar Nasser: marks lower than co-markers and agrees too rarely (Mean difference: ${minus('0.12')})`,
    );
    const questions = within(panel).getByTestId('marker-questions');
    expect(within(questions).queryByRole('columnheader', { name: 'Part' })).not.toBeInTheDocument();
    expect(within(questions).getAllByRole('row')[1]).toHaveTextContent(
      `340${formatShare(0.55, 'en')}${formatShare(0.4, 'en')}0.770.81`,
    );
    const pairs = within(panel).getByTestId('marker-pairs');
    expect(within(pairs).getAllByRole('row')[1]).toHaveTextContent('Huda Saleh – Omar Nasser4055%40%0.740.810.08');
  });

  it("names a paragraph's part by its place, never by its internal key (issue 41)", async () => {
    const base = buildReport();
    const row = base.markers.questions[0]!;
    await openAnalysis(
      buildReport({
        markers: {
          ...base.markers,
          questions: [
            { ...row, id: 4, position: 4, part: 'q3', part_number: 2 },
            { ...row, id: 4, position: 4, part: 'w1', part_number: 1 },
          ],
        },
      }),
    );
    const panel = await openSection('Marker agreement');
    const questions = within(panel).getByTestId('marker-questions');
    expect(within(questions).getByRole('columnheader', { name: 'Part' })).toBeInTheDocument();
    const cells = within(questions)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(cells).toEqual(['2', '1']);
    expect(questions).not.toHaveTextContent(/q3|w1/);
  });

  it('says so when nothing was double marked', async () => {
    await openAnalysis(buildReport({ markers: { questions: [], pairs: [], drift: [] } }));
    const panel = await openSection('Marker agreement');
    expect(within(panel).getByText('No answer has been marked by two markers yet.')).toBeInTheDocument();
    expect(within(panel).queryByTestId('marker-drift')).not.toBeInTheDocument();
  });

  it('names True صواب in Arabic, as the exam does', async () => {
    await openAnalysis(buildReport(), 'ar');
    const rows = await screen.findAllByTestId('item-row');
    expect(within(rows[1]).getByText('صواب')).toBeInTheDocument();
    expect(within(rows[1]).getByText('خطأ')).toBeInTheDocument();
    expect(screen.getByTestId('options-legend')).toHaveTextContent('جميع الطلاب');
    expect(screen.getByTestId('flags-legend')).toHaveTextContent(`أعلى ${formatShare(0.27, 'ar')}`);
  });

  it('says so when no attempt is corrected yet, in Arabic', async () => {
    await openAnalysis(
      buildReport({ exam: { attempts: 0, alpha: null, alpha_ci: null, sem: null }, items: [], rasch: null }),
      'ar',
    );
    expect(
      screen.getByText('لا توجد محاولات مسلّمة ومصححة بعد: تظهر الإحصاءات عندما تصبح للطلاب نتائج.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'تحليل الأسئلة' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'نموذج راش' })).not.toBeInTheDocument();
  });

  it('is a tab of the exam page only for those who may see it', async () => {
    await openAnalysis();
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(window.location.pathname).toBe('/exams/12/preview');
  });
});
