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
      calibrated_scale: 'The scale is calibrated: its reporting constants can no longer change.',
    },
  },
};
