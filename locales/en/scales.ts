/** Calibrations on a reporting scale and the scale's reading in reports (issue 42). */
export default {
  calibrations: {
    methods: {
      origin: "The scale's origin (its first exam's sitting is 0 logits)",
      linked: 'Linked to the bank by anchor questions',
    },
    statuses: {
      queued: 'Waiting',
      running: 'Running',
      done: 'Done',
      refused: 'Refused',
      failed: 'Failed',
    },
    roles: {
      origin: "Fixed the scale's origin",
      linked: 'Linked by its anchors',
    },
    page: {
      title: 'Calibrations',
      intro:
        "Calibrate exams on a skill's reporting scale, in the order you pick them. The first calibration of a scale fixes its origin (its first exam's students average 0 logits, and the scale's constants lock); every later exam is linked to the bank through the questions it shares with it. An anchor question that drifted more than 0.5 logits is dropped and named; an exam with fewer than 5 stable anchors, or anchors under 20% of its marks, is refused and nothing is written.",
      scale: 'Scale',
      exams: 'Exams to calibrate',
      exams_help: 'Corrected exams of the scale’s platform with questions of its skill, in order.',
      run: 'Calibrate',
      queued: 'The calibration is queued: it runs in the background.',
      failed: 'The calibration could not be started.',
      none: 'This scale has no calibration yet.',
      number: 'Calibration %{id}',
      progress: '%{done} of %{total} exams',
      pending: 'Not calibrated',
      dropped: 'question %{position} (%{by} logits)',
      columns: {
        exam: 'Exam',
        attempts: 'Attempts',
        calibrated: 'Questions calibrated',
        reliability: 'Reliability',
        mean: 'Students’ mean on the scale (logits)',
        shift: 'Mean/mean shift (anchors check)',
        anchors: 'Stable anchors',
        dropped: 'Anchors dropped',
        outcome: 'Outcome',
      },
    },
    refusals: {
      too_few_attempts: 'An exam has too few corrected attempts on the skill (at least 20) or no question that varies.',
      too_few_anchors: 'An exam shares fewer than 5 stable anchor questions with the bank: it cannot be linked.',
      too_small_share: "An exam's stable anchors carry under 20% of its marks on the skill: it cannot be linked.",
    },
    errors: {
      exam_not_on_scale: "Not an exam of this scale's platform with questions of its skill.",
      repeated_exam: 'An exam is listed twice.',
      busy: 'A calibration of this scale is already running. Wait for it to finish.',
      failed: 'The calibration failed. Nothing was written; try again or ask an administrator.',
      cuts_ordered: 'Each cut must be above the one before it: Approaching, then Meeting, then Exceeding.',
      calibrated_scale: 'The scale is calibrated: its skill and reporting constants can no longer change.',
    },
  },
};
