import app from './app';
import errors from './errors';
import publicPages from './public';
import media from './media';
import questions from './questions';
import exams from './exams';
import correction from './correction';
import reports from './reports';
import settings from './settings';
import student from './student';
import pickers from './pickers';
import ra from './ra';
import resources from './resources';
import commonFields from './common-fields';
import { withCommonFields } from '../common-fields';

/**
 * What the student boot downloads of the English catalog (issue 41: a student's first load): every
 * area but the staff's screens (./index.ts adds those). `tests/unit/student-catalog.test.ts` reads
 * every file the student boot can load and fails on a key of an area left out here.
 */
const forStudents = {
  ...app,
  ...errors,
  ...publicPages,
  ...media,
  ...questions,
  ...exams,
  ...correction,
  ...reports,
  ...settings,
  ...student,
  resources: withCommonFields(resources.resources, commonFields),
  ...pickers,
  ...ra,
};

export default forStudents;
