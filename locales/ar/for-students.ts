import type { StudentMessages } from '../types';
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

/** What the student boot downloads of the Arabic catalog, typed against the English one (../en/for-students.ts). */
const forStudents: StudentMessages = {
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
