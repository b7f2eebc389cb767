import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { catalogs, isLanguage } from '../../../locales';
import type { AdaptiveSimulation } from '../../../src/common/contracts/index';
import { areaPermission, permissionFor } from '../../../src/common/permissions';
import { formatShare, formatStatistic } from '../../../src/client/format';
import { makeUser, signIn } from '../support/fixtures';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';

const PATH = '/settings/exams/adaptive-simulator';
const meta = {
  current_page: 1,
  last_page: 1,
  per_page: 100,
  total: 1,
  next_page: null,
  previous_page: null,
  pages: [1],
};
const scale = { id: 4, name_en: 'Reading scale', name_ar: 'مقياس القراءة', platform_id: 1, skill_id: 2 };
const grade = { id: 5, name_en: 'Grade 5', name_ar: 'الصف الخامس', platform_id: 1 };
const outcomes = [
  { id: 31, name_en: 'Reads for the main idea', name_ar: 'يستخرج الفكرة الرئيسة', platform_id: 1 },
  { id: 32, name_en: 'Infers meaning from context', name_ar: 'يستنتج المعنى من السياق', platform_id: 1 },
];
const answer: AdaptiveSimulation = {
  pool: 24,
  prior: { mean: 0.42, sd: 0.87, students: 240, from_students: true },
  report: {
    students: 2000,
    mean_length: 17.36,
    mean_se: 0.287,
    bias: -0.0123,
    rmse: 0.3012,
    max_exposure: 0.334,
    pool_used: 22,
    content_met: 0.975,
    middle_reached: 0.9942,
    bands: [
      { from: null, to: -2, students: 31, mean_length: 30, mean_se: 0.41, bias: 0.12, rmse: 0.45 },
      { from: -0.5, to: 0, students: 400, mean_length: 16.24, mean_se: 0.29, bias: -0.01, rmse: 0.3 },
      { from: 2, to: null, students: 12, mean_length: 30, mean_se: 0.52, bias: -0.2, rmse: 0.6 },
    ],
  },
  meets_precision: true,
  meets_exposure: null,
};

/** Text as read, without the isolates that keep a negative figure's sign in front in Arabic. */
const bare = (text: string | null | undefined) => text?.replace(/[\u2066\u2069]/g, '');
const plain = (element: Element) => bare(element.textContent);

function serve(simulate: (request: Request) => Promise<Response> | Response) {
  const calls = recorder();
  server.use(
    http.get('*/api/scales', () => HttpResponse.json({ data: [scale], meta })),
    http.get('*/api/grades', () => HttpResponse.json({ data: [grade], meta })),
    http.get('*/api/levels', () => HttpResponse.json({ data: [], meta: { ...meta, total: 0 } })),
    http.get('*/api/learning-outcomes', ({ request }) => {
      calls.record(request);
      return HttpResponse.json({ data: outcomes, meta: { ...meta, total: 2 } });
    }),
    http.post('*/api/scales/4/adaptive-simulations', async ({ request }) => {
      calls.record(request);
      return simulate(request);
    }),
  );
  return calls;
}

const posted = (calls: ReturnType<typeof recorder>) => calls.requests.filter((r) => r.method === 'POST');

async function pickStage(user: ReturnType<typeof userEvent.setup>, language: 'en' | 'ar' = 'en') {
  const { scale: scaleLabel, grade: gradeLabel } = catalogs[language].calibrations.simulator;
  await user.click(await screen.findByRole('combobox', { name: scaleLabel }));
  await user.click(await screen.findByRole('option', { name: language === 'ar' ? scale.name_ar : scale.name_en }));
  await user.click(await screen.findByRole('combobox', { name: gradeLabel }));
  await user.click(await screen.findByRole('option', { name: language === 'ar' ? grade.name_ar : grade.name_en }));
}

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

const reader = () => makeUser([permissionFor('calibrations', 'view'), permissionFor('scales', 'view')]);

describe("the author's adaptive simulator (issue 43)", () => {
  it('sends the rules, content rules added and removed from the keyboard, and shows the summary and the bands', async () => {
    signIn(reader());
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = serve(async () => {
      await gate;
      return HttpResponse.json({ data: answer });
    });
    renderApp(PATH);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Adaptive test simulator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run the simulation' })).toBeDisabled();
    await pickStage(user);
    // The learning outcomes of the scale's platform and skill.
    const listed = new URL(calls.requests.find((r) => r.url.includes('learning-outcomes'))!.url).searchParams;
    expect([listed.get('platform_id'), listed.get('filter[skill_id]')]).toEqual(['1', '2']);

    await retype(user, screen.getByRole('spinbutton', { name: 'Simulated students' }), '2000');
    await retype(user, screen.getByRole('spinbutton', { name: 'Most questions' }), '30');
    await retype(user, screen.getByRole('spinbutton', { name: 'Standard error target (logits)' }), '0.25');
    expect(screen.getByRole('spinbutton', { name: 'Among the most informative' })).toHaveValue(5);
    expect(screen.queryByRole('spinbutton', { name: /Exposure ceiling/ })).not.toBeInTheDocument();

    // Three rules added with Enter; focus goes to each new rule's learning outcome.
    const add = screen.getByRole('button', { name: 'Add a content rule' });
    for (let n = 1; n <= 3; n++) {
      add.focus();
      await user.keyboard('{Enter}');
      const rule = await screen.findByRole('group', { name: `Content rule ${n}` });
      expect(within(rule).getByRole('combobox', { name: 'Learning outcome' })).toHaveFocus();
    }
    // The third removed with Enter on its button: focus goes back to the rule before it.
    within(screen.getByRole('group', { name: 'Content rule 3' }))
      .getByRole('button', { name: 'Remove content rule 3' })
      .focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'Content rule 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove content rule 2' })).toHaveFocus();
    const [first, second] = screen.getAllByTestId('content-rule');
    await user.click(within(first).getByRole('combobox', { name: 'Learning outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Reads for the main idea' }));
    await user.type(within(first).getByRole('spinbutton', { name: 'At least' }), '2');
    await user.type(within(first).getByRole('spinbutton', { name: 'At most' }), '6');
    await user.click(within(second).getByRole('combobox', { name: 'Learning outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Infers meaning from context' }));
    await user.type(within(second).getByRole('spinbutton', { name: 'At most' }), '4');

    await user.click(screen.getByRole('button', { name: 'Run the simulation' }));
    // While it runs: the button is disabled and the progress shows.
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run the simulation' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Simulating 2,000 students…');
    release();
    await screen.findByTestId('simulation-summary');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await posted(calls)[0].json()).toEqual({
      grade_id: 5,
      students: 2000,
      min_length: 10,
      max_length: 30,
      se_target: 0.25,
      exposure: 'randomesque',
      among: 5,
      content: [
        { learning_outcome_id: 31, min: 2, max: 6 },
        { learning_outcome_id: 32, max: 4 },
      ],
    });

    expect(screen.getByRole('heading', { name: 'Result: Reading scale, Grade 5' })).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'Summary of 2,000 simulated students' });
    const figures = within(summary)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, plain(within(row).getByRole('cell'))]);
    expect(figures).toEqual([
      ['Calibrated questions in the pool', '24'],
      [
        "Simulated students' abilities",
        'Mean 0.42, SD 0.87 logits, from the 240 students measured in the grade or level',
      ],
      ['Mean test length (questions)', '17.4'],
      ['Mean standard error (logits)', '0.29'],
      ['Bias (logits)', '-0.012'],
      ['RMSE (logits)', '0.301'],
      ['Most exposed question (share of students)', '33.4%'],
      ['Pool questions used', '22 of 24'],
      ['Tests meeting every content rule', '97.5%'],
      ['Middle 90% reaching the target', '99.4%'],
    ]);
    expect(screen.getByTestId('verdict-precision')).toHaveTextContent(
      'Meets the precision for the middle 90%: 99.4% of them reached the standard error target of 0.25 logits.',
    );
    expect(screen.queryByTestId('verdict-exposure')).not.toBeInTheDocument();
    const bands = screen.getByRole('table', { name: 'By band of true ability: what the simulated students got' });
    expect(
      within(bands)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ability (logits)', 'Students', 'Mean length', 'Mean standard error', 'Bias', 'RMSE']);
    expect(
      within(bands)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [plain(within(row).getByRole('rowheader')), ...within(row).getAllByRole('cell').map(plain)]),
    ).toEqual([
      ['Below -2', '31', '30', '0.41', '0.12', '0.45'],
      ['-0.5 to 0', '400', '16.2', '0.29', '-0.01', '0.3'],
      ['2 and above', '12', '30', '0.52', '-0.2', '0.6'],
    ]);

    // Sympson–Hetter: its ceiling is sent, randomesque's figure is not; the exposure verdict shows.
    await user.click(screen.getByRole('combobox', { name: 'Exposure control' }));
    await user.click(await screen.findByRole('option', { name: "Sympson–Hetter: a ceiling on each question's share" }));
    expect(screen.queryByRole('spinbutton', { name: 'Among the most informative' })).not.toBeInTheDocument();
    await retype(user, screen.getByRole('spinbutton', { name: 'Exposure ceiling (share of students)' }), '0.2');
    server.use(
      http.post('*/api/scales/4/adaptive-simulations', async ({ request }) => {
        calls.record(request);
        const report = { ...answer.report, max_exposure: 0.234, middle_reached: 0.97 };
        return HttpResponse.json({ data: { ...answer, report, meets_precision: false, meets_exposure: false } });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Run the simulation' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(2));
    const body = await posted(calls)[1].json();
    expect(body).toMatchObject({ exposure: 'sympson_hetter', ceiling: 0.2 });
    expect(body).not.toHaveProperty('among');
    expect(await screen.findByTestId('verdict-exposure')).toHaveTextContent(
      'Does not meet the exposure ceiling: a question went to 23.4% of the students, above 20%.',
    );
    expect(screen.getByTestId('verdict-precision')).toHaveTextContent(
      'Does not meet the precision for the middle 90%: 97% of them reached the standard error target of 0.25 logits; 99% are needed.',
    );
  });

  it('works in Arabic: right to left, Arabic labels, the refusal under its field in Arabic, then the result', async () => {
    signIn(reader());
    const calls = serve(async (request) => {
      const language = request.headers.get('Accept-Language') ?? 'en';
      const messages = catalogs[isLanguage(language) ? language : 'en'];
      const body = (await request.clone().json()) as { min_length: number; max_length: number };
      if (body.max_length < body.min_length)
        return HttpResponse.json(
          {
            message: messages.errors.invalid_input,
            errors: {
              max_length: [messages.calibrations.simulation.max_below_min],
              content: [messages.calibrations.simulation.outcome_twice],
            },
          },
          { status: 422 },
        );
      return HttpResponse.json({ data: { ...answer, prior: { mean: 0, sd: 1, students: 12, from_students: false } } });
    });
    renderApp(PATH, 'ar');
    const ar = catalogs.ar.calibrations.simulator;
    expect(await screen.findByRole('heading', { name: ar.title })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const user = userEvent.setup();
    await pickStage(user, 'ar');
    const most = screen.getByRole('spinbutton', { name: ar.max_length });
    await retype(user, most, '5');
    await user.click(screen.getByRole('button', { name: ar.run }));

    await waitFor(() => expect(most).toHaveAccessibleDescription(catalogs.ar.calibrations.simulation.max_below_min));
    expect(posted(calls)[0].headers.get('Accept-Language')).toBe('ar');
    expect(screen.getByTestId('refusal')).toHaveTextContent(ar.invalid);
    expect(screen.getByTestId('content-error')).toHaveTextContent(catalogs.ar.calibrations.simulation.outcome_twice);
    expect(screen.queryByTestId('simulation-summary')).not.toBeInTheDocument();

    await retype(user, most, '30');
    await user.click(screen.getByRole('button', { name: ar.run }));
    const summary = await screen.findByRole('table', {
      name: ar.summary_caption.replace('%{students}', formatStatistic(2000, 'ar', 0)),
    });
    expect(screen.queryByTestId('refusal')).not.toBeInTheDocument();
    expect(most).not.toHaveAccessibleDescription(catalogs.ar.calibrations.simulation.max_below_min);
    expect(within(summary).getByTestId('figure-prior')).toHaveTextContent(
      ar.prior_normal.replace('%{count}', formatStatistic(12, 'ar', 0)),
    );
    expect(screen.getByTestId('verdict-precision')).toHaveTextContent(
      ar.meets_precision
        .replace('%{share}', formatShare(0.9942, 'ar', 1))
        .replace('%{target}', formatStatistic(0.3, 'ar', 2, 2)),
    );
    const bands = screen.getByRole('table', { name: ar.bands_caption });
    expect(within(bands).getAllByRole('rowheader').map(plain)).toEqual([
      `أقل من ${bare(formatStatistic(-2, 'ar', 1))}`,
      `من ${bare(formatStatistic(-0.5, 'ar', 1))} إلى أقل من ${formatStatistic(0, 'ar', 1)}`,
      `${formatStatistic(2, 'ar', 1)} فأكثر`,
    ]);
    expect(within(bands).getByRole('columnheader', { name: 'القدرة (لوجيت)' })).toBeInTheDocument();
  });

  it('says so when the simulator is busy (503), and lets the author run again', async () => {
    signIn(reader());
    serve(() =>
      HttpResponse.json(
        { message: catalogs.en.errors.service_unavailable },
        { status: 503, headers: { 'retry-after': '10' } },
      ),
    );
    renderApp(PATH);
    const user = userEvent.setup();
    await pickStage(user);
    await user.click(screen.getByRole('button', { name: 'Run the simulation' }));
    expect(await screen.findByTestId('refusal')).toHaveTextContent(
      'The simulator is busy with other simulations. Try again in a minute.',
    );
    expect(screen.getByRole('button', { name: 'Run the simulation' })).toBeEnabled();
  });

  it('is in the exams settings menu only for those who may read calibrations', async () => {
    serve(() => HttpResponse.json({ data: answer }));
    signIn(makeUser([areaPermission('exams', 'view'), areaPermission('calibrations', 'view')]));
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('settings-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Adaptive test simulator' })).toHaveAttribute('href', PATH);
  });

  it('is not in the menu for those who may only set cut scores', async () => {
    serve(() => HttpResponse.json({ data: answer }));
    signIn(makeUser([areaPermission('exams', 'view'), areaPermission('scale-cuts', 'view')]));
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('settings-menu'));
    const other = await screen.findByRole('menu');
    expect(within(other).getByRole('menuitem', { name: 'Cut scores (bookmark)' })).toBeInTheDocument();
    expect(within(other).queryByRole('menuitem', { name: 'Adaptive test simulator' })).not.toBeInTheDocument();
  });
});
