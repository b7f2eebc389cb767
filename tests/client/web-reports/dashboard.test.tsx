import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { figureRows } from '../../../src/client/web-reports/exportFigures';
import { catalogs } from '../../../locales/index';
import { renderApp } from '../support/render';
import { recorder, server } from '../support/server';
import { ADMIN, figures, FILTERS, RESULTS, serveWebReports, signInWith, VIEWER } from './support';

const named = (id: number, en: string, ar: string) => ({ id, name_en: en, name_ar: ar });
/** The English catalogue's text at a dotted key (a leaf is a string), or the key itself when there is none. */
const translateEn = (key: string): string => {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogs.en);
  return (found as string | undefined) ?? key;
};

describe('the web reports dashboard', () => {
  it('shows participation, the average and when the figures were refreshed, for the first platform', async () => {
    signInWith(VIEWER);
    const asked = serveWebReports();
    renderApp('/web-reports');
    expect(await screen.findByRole('heading', { name: 'Web reports', level: 1 })).toBeInTheDocument();
    expect(within(await screen.findByTestId('figure-assigned')).getByText('24')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-non_submitters')).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-average')).getByText('67.2%')).toBeInTheDocument();
    expect(screen.getByTestId('refreshed-at')).toHaveTextContent(
      /^Figures as of .*2026.* They are refreshed every 24 hours\.$/,
    );
    expect(screen.getByTestId('tiers-legend')).toHaveTextContent('Within Average: 10 (50%)');
    // How many completed exams the averages include, and what the counts count.
    expect(screen.getByTestId('included-note')).toHaveTextContent(
      'Averages and tiers include 20 of 22 completed exams: those corrected, released and moved into the reports.',
    );
    expect(screen.getByTestId('units-note')).toHaveTextContent(/Subscribed students counts each student once/);
    expect(screen.getByTestId('leaderboard-rule')).toHaveTextContent(
      'Choose exactly one school, one round and one grade to see the leaderboard.',
    );
    // No refresh for those who may not, and the first platform is asked for.
    expect(screen.queryByRole('button', { name: 'Refresh now' })).toBeNull();
    const query = new URL(asked.requests[0].url).searchParams;
    expect(query.get('platform_id')).toBe('1');
    expect(query.get('show_comparative')).toBe('0');
  });

  it('sends the chosen filters as lists (school_id[]) and keeps them in the page address', async () => {
    signInWith(VIEWER);
    const asked = serveWebReports((query) =>
      query.getAll('round_id[]').includes('2') ? { ...RESULTS, figures: figures(80, 11) } : RESULTS,
    );
    renderApp('/web-reports');
    await screen.findByTestId('figure-assigned');
    await userEvent.click(screen.getByRole('combobox', { name: 'Rounds' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Round 2' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(screen.getByTestId('figure-assigned')).getByText('11')).toBeInTheDocument());
    const last = new URL(asked.requests.at(-1)!.url).searchParams;
    expect(last.getAll('round_id[]')).toEqual(['2']);
    expect(window.location.search).toContain('round_id=2');
  });

  it('shows the leaderboard of one school, round and grade, and the comparative view with its table', async () => {
    signInWith(VIEWER);
    const row = (rank: number, name: string, percent: number) => ({
      rank,
      student: { id: rank, name, name_en: name, name_ar: name },
      school_class: named(1, 'Class A', 'الشعبة أ'),
      academic_year: null,
      percent,
      mark: percent,
      tier: percent >= 80 ? ('above' as const) : ('within' as const),
    });
    serveWebReports((query) => ({
      ...RESULTS,
      leaderboard: { top: [row(1, 'Huda Barakat', 95), row(2, 'Adam Younis', 74)], lowest: [] },
      leaderboard_message: null,
      comparative:
        query.get('show_comparative') === '1'
          ? {
              by: 'school',
              groups: [
                { ...named(1, 'Al Noor School', 'مدرسة النور'), figures: figures(60) },
                { ...named(2, 'Al Amal School', 'مدرسة الأمل'), figures: figures(70) },
              ],
            }
          : null,
    }));
    renderApp('/web-reports?school_id=1,2&comparative=1');
    const top = await screen.findByTestId('leaderboard-top');
    expect(within(top).getAllByRole('row')).toHaveLength(3);
    expect(within(top).getByText('Huda Barakat')).toBeInTheDocument();
    expect(within(top).getByText('Above Average')).toBeInTheDocument();
    const table = await screen.findByTestId('comparative-table');
    expect(within(table).getByText('By school')).toBeInTheDocument();
    expect(within(table).getByText('Al Amal School')).toBeInTheDocument();
    expect(within(table).getByText('70%')).toBeInTheDocument();
    // Each school's mean on the reading scale, in a column of its own.
    expect(within(table).getByText('IRA reading scale: mean scaled score')).toBeInTheDocument();
    expect(within(table).getByText('198')).toBeInTheDocument();
  });

  it('shows the scaled scores and performance levels on each scale, with what the scale is', async () => {
    signInWith(VIEWER);
    serveWebReports();
    renderApp('/web-reports');
    const table = await screen.findByTestId('scales-table');
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['IRA reading scale', '20', '197', '4 (20%)', '6 (30%)', '8 (40%)', '2 (10%)']);
    expect(screen.getByTestId('scales')).toHaveTextContent(/the same for every round and grade/);
  });

  it('says how many students the levels count when only some grades have cut scores', async () => {
    signInWith(VIEWER);
    const some = figures(67.2);
    some.scales = [{ ...some.scales[0], measured: 30 }];
    serveWebReports(() => ({ ...RESULTS, figures: some }));
    renderApp('/web-reports');
    expect(
      await screen.findByText(
        'IRA reading scale: the levels count the 20 of 30 students whose grade or level has cut scores.',
      ),
    ).toBeInTheDocument();
  });

  it('says when a scale has no cut scores for the selection’s grades, and hides the section without scales', async () => {
    signInWith(VIEWER);
    const uncut = figures(67.2);
    uncut.scales = [{ ...uncut.scales[0], leveled: 0, levels: [] }];
    serveWebReports((query) =>
      query.getAll('round_id[]').includes('2')
        ? { ...RESULTS, figures: { ...uncut, scales: [] } }
        : { ...RESULTS, figures: uncut },
    );
    renderApp('/web-reports');
    expect(await screen.findByTestId('scales-table')).toHaveTextContent('No cut scores for these grades yet');
    expect(screen.queryByText(/the levels count/)).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Rounds' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Round 2' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('scales')).toBeNull());
  });

  it("says why there is nothing to compare, in the server's words", async () => {
    signInWith(VIEWER);
    serveWebReports(() => ({
      ...RESULTS,
      comparative_message: 'Choose more than one school, round or academic year to compare them.',
    }));
    renderApp('/web-reports?comparative=1');
    expect(await screen.findByTestId('comparative-rule')).toHaveTextContent(
      'Choose more than one school, round or academic year to compare them.',
    );
  });

  it('lets an administrator refresh the figures now, then reads them again', async () => {
    signInWith(ADMIN);
    const asked = serveWebReports(undefined, { ...FILTERS, can_refresh: true });
    const posts = recorder();
    server.use(
      http.post('*/api/web-report/refresh', ({ request }) => {
        posts.record(request);
        return HttpResponse.json({
          message: 'The web report figures were refreshed.',
          data: { refreshed_at: '2026-11-24T10:00:00.000Z', rows: 10 },
        });
      }),
    );
    renderApp('/web-reports');
    await screen.findByTestId('figure-assigned');
    const before = asked.requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect(await screen.findByText('The web report figures were refreshed.')).toBeInTheDocument();
    expect(posts.requests).toHaveLength(1);
    await waitFor(() => expect(asked.requests.length).toBeGreaterThan(before));
  });

  it('downloads the figures as CSV with a byte order mark', async () => {
    signInWith(VIEWER);
    serveWebReports();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    renderApp('/web-reports');
    await screen.findByTestId('figure-assigned');
    await userEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const blob = created.mock.calls[0][0] as Blob;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await blob.text();
    expect(text).toContain('Section,Item,Value');
    expect(text).toContain('Participation,Exams assigned,24');
    created.mockRestore();
  });

  it('writes names that start like a spreadsheet formula as plain text in the CSV', async () => {
    signInWith(VIEWER);
    const hostile = figures(67.2);
    hostile.skills = [
      { ...named(1, '=HYPERLINK("http://evil.test","Reading")', '=1+1'), average: 71.9, results: 20 },
      { ...named(2, '@SUM(A1:A9)', '@x'), average: 65, results: 20 },
      { ...named(3, '+1\tWriting', '+1'), average: 60, results: 20 },
      { ...named(4, '-2+3', '-2'), average: 50, results: 20 },
    ];
    serveWebReports(() => ({ ...RESULTS, figures: hostile }));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    renderApp('/web-reports');
    await screen.findByTestId('figure-assigned');
    await userEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const text = await (created.mock.calls[0][0] as Blob).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Reading"")"`);
    expect(text).toContain(`"'@SUM(A1:A9)"`);
    expect(text).toContain(`"'+1\tWriting"`);
    expect(text).toContain(`"'-2+3"`);
    // No cell of any line starts with a formula character once unquoted.
    for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) expect(line, line).not.toMatch(/(^|,)[=+\-@\t\r]/);
    created.mockRestore();
  });

  it('is mirrored and worded in Arabic', async () => {
    signInWith(VIEWER);
    serveWebReports();
    renderApp('/web-reports', 'ar');
    expect(await screen.findByRole('heading', { name: 'التقارير التفاعلية', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('الاختبارات المسندة')).toBeInTheDocument();
    expect(screen.getByTestId('included-note')).toHaveTextContent(
      'تشمل المتوسطات ومستويات التحصيل 20 من أصل 22 من الاختبارات المكتملة',
    );
    expect(screen.getByTestId('tiers-legend')).toHaveTextContent('ضمن المتوسط');
    expect(screen.getByTestId('scales-table')).toHaveTextContent('يحقق التوقع');
    expect(screen.getByTestId('scales-table')).toHaveTextContent('مقياس القراءة');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('is refused to a user without the permission', async () => {
    signInWith([]);
    serveWebReports();
    renderApp('/web-reports');
    expect(await screen.findByTestId('restricted-page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/restricted');
  });
});

describe('the exported figures', () => {
  it('hold participation, the average, every skill, tier and scale, and the leaderboard, worded for the reader', () => {
    const rows = figureRows(
      {
        ...RESULTS,
        leaderboard: {
          top: [
            {
              rank: 1,
              student: { id: 1, name: 'Huda', name_en: 'Huda', name_ar: 'هدى' },
              school_class: named(1, 'Class A', 'الشعبة أ'),
              academic_year: null,
              percent: 95,
              mark: 95,
              tier: 'above',
            },
          ],
          lowest: [],
        },
      },
      translateEn,
      'en',
    );
    expect(rows[0]).toEqual(['Section', 'Item', 'Value']);
    expect(rows).toContainEqual(['Participation', 'Subscribed students', '30']);
    expect(rows).toContainEqual(['Average score', 'Average score', '67.2%']);
    expect(rows).toContainEqual(['Average performance per skill', 'Reading', '71.9%']);
    expect(rows).toContainEqual(['Students by attainment tier', 'Below Average', '5 (25%)']);
    const scale = 'Scaled scores and performance levels — IRA reading scale';
    expect(rows).toContainEqual([scale, 'Mean scaled score', '197']);
    expect(rows).toContainEqual([scale, 'Meeting', '8 (40%)']);
    expect(rows).toContainEqual(['Top students', '1. Huda (Class A)', '95%']);
  });
});
