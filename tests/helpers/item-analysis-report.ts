import { itemAnalysisReport, type ItemAnalysisReport } from '../../src/common/contracts/index';

type Overrides = { [K in keyof ItemAnalysisReport]?: Partial<ItemAnalysisReport[K]> };

/** A report of 240 attempts on two questions, checked against the contract; `overrides` merge into each part. */
export function buildItemAnalysisReport(overrides: Overrides = {}): ItemAnalysisReport {
  const report: ItemAnalysisReport = {
    exam: {
      id: 12,
      name_en: 'Reading benchmark',
      name_ar: 'اختبار القراءة',
      attempts: 240,
      items: 2,
      max: 3,
      mean: 2.25,
      median: 2,
      sd: 0.8,
      min: 0,
      highest: 3,
      alpha: 0.6842,
      alpha_ci: [0.61, 0.75],
      sem: 0.45,
      group_size: 65,
      unstable: false,
      ...overrides.exam,
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
        item_total_correlation: 0.21,
        alpha_if_deleted: 0.712,
        discrimination_index: 0.17,
        facility_ci: [0.69, 0.8],
        item_rest_ci: [-0.09, 0.17],
        flags: ['weak_discrimination'],
        options: [
          {
            id: 'a',
            text: 'The sun rises',
            correct: true,
            count: 180,
            share: 0.75,
            upper_share: 0.83,
            lower_share: 0.67,
            point_biserial: 0.04,
            flags: [],
          },
          {
            id: 'b',
            text: 'It rains',
            correct: false,
            count: 60,
            share: 0.25,
            upper_share: 0.17,
            lower_share: 0.33,
            point_biserial: 0.12,
            flags: ['attracts_strong'],
          },
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
        item_total_correlation: 0.41,
        alpha_if_deleted: 0.655,
        discrimination_index: 0.67,
        facility_ci: [0.57, 0.69],
        item_rest_ci: [0.12, 0.36],
        flags: [],
        options: [
          {
            id: 'true',
            text: 'true',
            correct: false,
            count: 90,
            share: 0.38,
            upper_share: 0,
            lower_share: 0.67,
            point_biserial: -0.3,
            flags: [],
          },
          {
            id: 'false',
            text: 'false',
            correct: true,
            count: 150,
            share: 0.63,
            upper_share: 1,
            lower_share: 0.33,
            point_biserial: 0.3,
            flags: [],
          },
        ],
        omitted_share: 0,
      },
    ],
    rasch:
      overrides.rasch === null
        ? null
        : {
            model: 'rasch',
            sd: 1.12,
            reliability: 0.71,
            iterations: 25,
            converged: true,
            items: [
              {
                id: 1,
                position: 1,
                model: 'dichotomous',
                extreme: false,
                difficulty: -0.85,
                se: 0.21,
                thresholds: [],
                infit: 0.95,
                outfit: 1.02,
                misfit: false,
              },
              {
                id: 2,
                position: 2,
                model: 'dichotomous',
                extreme: false,
                difficulty: 1.4,
                se: 0.3,
                thresholds: [],
                infit: 1.45,
                outfit: 1.6,
                misfit: true,
              },
            ],
            map: {
              bins: [
                { from: -2, to: -1, persons: 30 },
                { from: -1, to: 0, persons: 80 },
                { from: 0, to: 1, persons: 100 },
                { from: 1, to: 2, persons: 30 },
              ],
              items: [
                { position: 1, difficulty: -0.85 },
                { position: 2, difficulty: 1.4 },
              ],
            },
            ...overrides.rasch,
          },
    dif: [
      {
        by: 'language',
        reference: { key: 'original', name_en: null, name_ar: null, n: 150 },
        focal: [
          {
            key: '7',
            name_en: 'French version',
            name_ar: 'النسخة الفرنسية',
            n: 90,
            skipped: null,
            items: [
              { id: 1, position: 1, kind: 'mh', statistic: -0.4, category: 'A', favours: 'reference' },
              { id: 2, position: 2, kind: 'mh', statistic: -1.8, category: 'C', favours: 'reference' },
            ],
          },
        ],
      },
      {
        by: 'gender',
        reference: { key: 'male', name_en: null, name_ar: null, n: 120 },
        focal: [
          {
            key: 'female',
            name_en: null,
            name_ar: null,
            n: 110,
            skipped: null,
            items: [
              { id: 1, position: 1, kind: 'mh', statistic: 1.2, category: 'B', favours: 'focal' },
              { id: 2, position: 2, kind: 'mh', statistic: 0.1, category: 'A', favours: 'focal' },
            ],
          },
          { key: 'unknown', name_en: null, name_ar: null, n: 10, skipped: 'too_small', items: [] },
        ],
      },
    ],
    markers: {
      questions: [{ id: 3, position: 3, part: '', max: 4, n: 40, exact: 0.55, adjacent: 0.4, icc: 0.81, kappa: 0.77 }],
      pairs: [
        {
          first: { id: 5, name: 'Huda Saleh' },
          second: { id: 6, name: 'Omar Nasser' },
          n: 40,
          exact: 0.55,
          adjacent: 0.4,
          icc: 0.81,
          mean_difference: 0.08,
        },
      ],
      drift: [
        {
          marker: { id: 6, name: 'Omar Nasser' },
          answers: 40,
          mean_difference: -0.12,
          exact_or_adjacent: 0.7,
          reasons: ['severe', 'low_agreement'],
        },
      ],
      ...overrides.markers,
    },
    limits: {
      hard_below: 0.3,
      easy_above: 0.9,
      weak_below: 0.2,
      min_attempts: 100,
      group_share: 0.27,
      misfit_above: 1.3,
      dif_min_group: 30,
      ...overrides.limits,
    },
  };
  if (overrides.items) report.items = overrides.items as ItemAnalysisReport['items'];
  if (overrides.dif) report.dif = overrides.dif as ItemAnalysisReport['dif'];
  return itemAnalysisReport.parse(report);
}
