import { defineArea } from './vocabulary';

/**
 * Calibrations on a reporting scale (issue 42): authors and administrators calibrate exams on a
 * skill's scale and read what each calibration kept, from the exams settings; they place cut scores
 * and try adaptive rules on the scale's calibrated questions (issue 43) there too.
 */
const calibrations = defineArea({
  name: 'calibrations',
  pages: {
    calibrations: {
      path: '/settings/exams/calibrations',
      view: 'scales/CalibrationsPage',
      access: ['calibrations'],
      menu: 'exams_settings',
    },
    bookmark: {
      path: '/settings/exams/bookmark',
      view: 'scales/BookmarkPage',
      access: ['scale-cuts'],
      menu: 'exams_settings',
    },
    // The author's adaptive simulator (issue 43): its API runs for whoever may read calibrations.
    simulator: {
      path: '/settings/exams/adaptive-simulator',
      view: 'scales/AdaptiveSimulatorPage',
      access: ['calibrations'],
      menu: 'exams_settings',
    },
  },
});

export default calibrations;
