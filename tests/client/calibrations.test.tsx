import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Calibration } from '../../src/common/contracts/index';
import { permissionFor } from '../../src/common/permissions';
import { makeUser, signIn } from './support/fixtures';
import { renderApp } from './support/render';
import { recorder, server } from './support/server';

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
const exams = [
  { id: 11, name_en: 'Reading, Round 1', name_ar: 'القراءة، الجولة الأولى', platform_id: 1 },
  { id: 12, name_en: 'Reading, Round 2', name_ar: 'القراءة، الجولة الثانية', platform_id: 1 },
];
const linked: Calibration = {
  id: 2,
  scale_id: 4,
  method: 'linked',
  design: 'separate',
  exam_ids: [12],
  status: 'done',
  progress: 1,
  total: 1,
  message: null,
  created_at: '2026-11-30T08:00:00Z',
  finished_at: '2026-11-30T08:00:02Z',
  exams: [
    {
      exam_id: 12,
      attempts: 300,
      questions: 20,
      calibrated: 20,
      converged: true,
      iterations: 40,
      reliability: 0.81,
      sd: 1,
      role: 'linked',
      shift: -0.41,
      mean: 0.38,
      link_se: 0.06,
      stable: Array.from({ length: 7 }, (_, i) => ({ question_id: 100 + i, position: i + 1, displacement: 0.1 })),
      dropped: [{ question_id: 108, position: 4, displacement: 0.97, robust_z: 3.1 }],
      worst_infit: 1.1,
      worst_outfit: 1.2,
      refused: null,
    },
  ],
};

describe('the calibrations page (issue 42)', () => {
  it("lists a scale's calibrations with each exam's anchors, and runs one on the exams picked, in order", async () => {
    signIn(
      makeUser([
        permissionFor('calibrations', 'view'),
        permissionFor('calibrations', 'create'),
        permissionFor('scales', 'view'),
      ]),
    );
    const calls = recorder();
    let listed: Calibration[] = [linked];
    server.use(
      http.get('*/api/scales', () => HttpResponse.json({ data: [scale], meta })),
      http.get('*/api/exams', () => HttpResponse.json({ data: exams, meta: { ...meta, total: 2 } })),
      http.get('*/api/scales/4/calibrations', () => HttpResponse.json({ data: listed })),
      http.post('*/api/scales/4/calibrations', async ({ request }) => {
        calls.record(request);
        const queued: Calibration = {
          ...linked,
          id: 3,
          exam_ids: [11, 12],
          status: 'queued',
          progress: 0,
          total: 2,
          exams: [],
        };
        listed = [queued, linked];
        return HttpResponse.json({ data: queued }, { status: 202 });
      }),
    );
    renderApp('/settings/exams/calibrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Scale' }));
    await user.click(await screen.findByRole('option', { name: 'Reading scale' }));
    const card = (await screen.findAllByTestId('calibration'))[0];
    expect(within(card).getByText('Calibration 2')).toBeInTheDocument();
    expect(within(card).getByText('Done')).toBeInTheDocument();
    const cells = within(card)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replace(/[\u2066\u2069]/g, ''));
    expect(cells).toEqual([
      'Reading, Round 2',
      '300',
      '20 / 20',
      '0.81',
      '0.38',
      '-0.41 ± 0.06',
      '7',
      'question 4 (0.97 logits)',
      'Linked by its anchors',
    ]);
    // Round 1 then round 2, in the order picked.
    const picker = screen.getByRole('combobox', { name: 'Exams to calibrate' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Reading, Round 1' }));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Reading, Round 2' }));
    await user.click(screen.getByRole('button', { name: 'Calibrate' }));
    await waitFor(() => expect(calls.requests).toHaveLength(1));
    expect(await calls.requests[0].json()).toEqual({ exam_ids: [11, 12], design: 'separate' });
    expect(await screen.findByText('Calibration 3')).toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(within(card).getByText(/Separately, in the order picked/)).toBeInTheDocument();
  });

  it('calibrates exams together once two are picked', async () => {
    signIn(makeUser([permissionFor('calibrations', 'view'), permissionFor('calibrations', 'create')]));
    const calls = recorder();
    server.use(
      http.get('*/api/scales', () => HttpResponse.json({ data: [scale], meta })),
      http.get('*/api/exams', () => HttpResponse.json({ data: exams, meta: { ...meta, total: 2 } })),
      http.get('*/api/scales/4/calibrations', () => HttpResponse.json({ data: [] })),
      http.post('*/api/scales/4/calibrations', async ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: { ...linked, design: 'concurrent', status: 'queued' } }, { status: 202 });
      }),
    );
    renderApp('/settings/exams/calibrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Scale' }));
    await user.click(await screen.findByRole('option', { name: 'Reading scale' }));
    await user.click(screen.getByRole('combobox', { name: 'Design' }));
    await user.click(await screen.findByRole('option', { name: 'Together (concurrent calibration)' }));
    const picker = screen.getByRole('combobox', { name: 'Exams to calibrate' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Reading, Round 2' }));
    // One exam cannot be calibrated together with nothing.
    expect(screen.getByRole('button', { name: 'Calibrate' })).toBeDisabled();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Reading, Round 1' }));
    await user.click(screen.getByRole('button', { name: 'Calibrate' }));
    await waitFor(() => expect(calls.requests).toHaveLength(1));
    expect(await calls.requests[0].json()).toEqual({ exam_ids: [12, 11], design: 'concurrent' });
  });
});

describe('the bookmark page (issue 42)', () => {
  it("places each level's bookmark in the ordered booklet, counts the students per level and saves the cuts", async () => {
    signIn(
      makeUser([
        permissionFor('scale-cuts', 'view'),
        permissionFor('scale-cuts', 'create'),
        permissionFor('scales', 'view'),
      ]),
    );
    const calls = recorder();
    const grade = { id: 5, name_en: 'Grade 5', name_ar: 'الصف الخامس', platform_id: 1 };
    const booklet = {
      scale: {
        id: 4,
        name_en: 'Reading scale',
        name_ar: 'مقياس القراءة',
        platform_id: 1,
        score_origin: 200,
        score_unit: 10,
      },
      rp: 0.67,
      items: [
        { question_id: 1, text: 'Easy one', difficulty: -1.5, location: 192.1 },
        { question_id: 2, text: 'Middle one', difficulty: -0.7, location: 200.2 },
        { question_id: 3, text: 'Hard one', difficulty: 0.5, location: 212.1 },
      ],
      students: {
        total: 10,
        bins: [
          { from: 185, to: 190, count: 2 },
          { from: 195, to: 200, count: 3 },
          { from: 205, to: 210, count: 4 },
          { from: 215, to: 220, count: 1 },
        ],
      },
      cuts: null,
    };
    server.use(
      http.get('*/api/scales', () => HttpResponse.json({ data: [scale], meta })),
      http.get('*/api/grades', () => HttpResponse.json({ data: [grade], meta })),
      http.get('*/api/levels', () => HttpResponse.json({ data: [], meta: { ...meta, total: 0 } })),
      http.get('*/api/scales/4/booklet', ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: booklet });
      }),
      http.post('*/api/scale-cuts', async ({ request }) => {
        calls.record(request);
        return HttpResponse.json({ data: { id: 9, ...((await request.clone().json()) as object) } }, { status: 201 });
      }),
    );
    renderApp('/settings/exams/bookmark');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Scale' }));
    await user.click(await screen.findByRole('option', { name: 'Reading scale' }));
    await user.click(await screen.findByRole('combobox', { name: 'Grade' }));
    await user.click(await screen.findByRole('option', { name: 'Grade 5' }));
    const rows = await screen.findAllByTestId('booklet-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      'Easy one',
      'Middle one',
      'Hard one',
    ]);
    expect(new URL(calls.requests[0].url).searchParams.get('grade_id')).toBe('5');
    await user.click(screen.getByRole('button', { name: 'A: Approaching from, the bookmark on question 1' }));
    await user.click(screen.getByRole('button', { name: 'M: Meeting from, the bookmark on question 2' }));
    expect(screen.getByRole('button', { name: 'Save the cuts' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'E: Exceeding from, the bookmark on question 3' }));
    // Cuts 192, 200, 212: the bands from 185 (Below), 195 (Approaching), 205 (Meeting), 215 (Exceeding).
    expect(screen.getByTestId('level-counts')).toHaveTextContent(
      'Below: 2 · Approaching: 3 · Meeting: 4 · Exceeding: 1',
    );
    await user.click(screen.getByRole('button', { name: 'Save the cuts' }));
    await waitFor(() => expect(calls.requests).toHaveLength(3));
    const posted = await calls.requests.find((r) => r.method === 'POST')!.json();
    expect(posted).toMatchObject({
      scale_id: 4,
      grade_id: 5,
      level_id: null,
      approaching_from: 192,
      meeting_from: 200,
      exceeding_from: 212,
      name_en: 'Reading scale Grade 5',
    });
  });
});
