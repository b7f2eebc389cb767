import { useDataProvider, type DataProvider } from 'react-admin';
import type { AssignmentMethods } from './assignmentMethods';
import type { AuditLogMethods } from './auditLogMethods';
import type { CalibrationMethods } from './calibrationMethods';
import type { CorrectionMethods } from './correctionMethods';
import type { ExamLocalizationMethods } from './examLocalizationMethods';
import type { ExamDayMethods } from './examDayMethods';
import type { ExamMethods } from './examMethods';
import type { ExamQuestionMethods } from './examQuestionMethods';
import type { HomeMethods } from './homeMethods';
import type { MediaMethods } from './mediaMethods';
import type { PrivacyMethods } from './privacyMethods';
import type { MfaMethods } from './mfaMethods';
import type { ProfileMethods } from './profileMethods';
import type { QuestionMethods } from './questionMethods';
import type { ReportMethods } from './reportMethods';
import type { RosterMethods } from './rosterMethods';
import type { InterchangeMethods } from './interchangeMethods';
import type { UserMethods } from './userMethods';
import type { WebReportMethods } from './webReportMethods';

/** react-admin's data provider with the console's named methods (publishExam, examQuestions, ...). */
export interface AppDataProvider
  extends
    DataProvider,
    ExamMethods,
    AssignmentMethods,
    CorrectionMethods,
    ExamLocalizationMethods,
    ExamQuestionMethods,
    QuestionMethods,
    ReportMethods,
    RosterMethods,
    MediaMethods,
    ProfileMethods,
    UserMethods,
    WebReportMethods,
    AuditLogMethods,
    HomeMethods,
    ExamDayMethods,
    CalibrationMethods,
    MfaMethods,
    PrivacyMethods,
    InterchangeMethods {}

/**
 * The data provider with its named methods typed. Through react-admin's proxy, so a lost session
 * or permission (401, 403) signs out as the standard methods do.
 */
export function useAppDataProvider(): AppDataProvider {
  return useDataProvider<AppDataProvider>();
}
