import type { Messages } from '../types';
import forStudents from './for-students';
import delivery from './delivery';
import correctionScreens from './correction-screens';
import reportScreens from './reports-screens';
import webReports from './web-reports';
import itemAnalysis from './item-analysis';
import roster from './roster';
import examDay from './exam-day';
import audit from './audit';
import homes from './homes';
import interchange from './interchange';
import scales from './scales';
import privacy from './privacy';
import mfa from './mfa';
import sso from './sso';
import lti from './lti';

/** Arabic catalog, typed against the English one so a missing key fails the type check. */
const ar: Messages = {
  ...forStudents,
  ...delivery,
  ...correctionScreens,
  ...reportScreens,
  ...webReports,
  ...itemAnalysis,
  ...roster,
  ...examDay,
  ...audit,
  ...homes,
  ...interchange,
  ...scales,
  ...privacy,
  ...mfa,
  ...sso,
  ...lti,
};

export default ar;
