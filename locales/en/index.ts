import app from './app';
import errors from './errors';
import exams from './exams';
import delivery from './delivery';
import correction from './correction';
import correctionScreens from './correction-screens';
import reports from './reports';
import reportScreens from './reports-screens';
import media from './media';
import publicPages from './public';
import questions from './questions';
import ra from './ra';
import resources from './resources';
import commonFields from './common-fields';
import { withCommonFields } from '../common-fields';
import pickers from './pickers';
import settings from './settings';
import student from './student';
import webReports from './web-reports';
import itemAnalysis from './item-analysis';
import roster from './roster';
import examDay from './exam-day';
import audit from './audit';
import homes from './homes';
import interchange from './interchange';

/**
 * English catalog: every user-facing message of the console and the server, one file per area.
 * The Arabic catalog (../ar) is typed against this one; tests compare the key sets.
 */
const en = {
  ...app,
  ...errors,
  ...publicPages,
  ...media,
  ...questions,
  ...exams,
  ...delivery,
  ...correction,
  ...correctionScreens,
  ...reports,
  ...reportScreens,
  ...settings,
  ...student,
  ...webReports,
  ...itemAnalysis,
  ...roster,
  ...examDay,
  ...audit,
  ...homes,
  ...interchange,
  resources: withCommonFields(resources.resources, commonFields),
  ...pickers,
  ...ra,
};

export default en;
