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

/**
 * English catalog: every user-facing message of the console and the server, one file per area:
 * what students see (./for-students.ts, all the student boot downloads) and the staff's screens.
 * The Arabic catalog (../ar) is typed against this one; tests compare the key sets.
 */
const en = {
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

export default en;
