import { defineArea } from './vocabulary';

/**
 * Calibrations on a reporting scale (issue 42): authors and administrators calibrate exams on a
 * skill's scale and read what each calibration kept, from the exams settings.
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
  },
});

export default calibrations;
