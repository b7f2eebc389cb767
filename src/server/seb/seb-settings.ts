import { build, type PlistValue } from 'plist';
import myExams from '../../../schemas/my-exams';
import { configKeyOf, type SebSettings } from './seb-json';

const MY_EXAMS = myExams.pages.my_exams.path.replace(/\/\*$/, '');

/**
 * Safe Exam Browser's settings for an exam: it opens the student's exams (where they sign in and
 * start it; the exam's id in the address makes each exam's key its own), sends the Config Key hash
 * with every request, and may be quit.
 * Made from the exam's id and the product's address only, so the server knows the Config Key of
 * every exam without keeping it; a changed PUBLIC_URL makes new settings (and a new key).
 */
export function sebSettingsFor(publicUrl: string, examId: number): SebSettings {
  return {
    originatorVersion: 'ltm-seb-1',
    startURL: `${publicUrl}${MY_EXAMS}?exam=${examId}`,
    sendBrowserExamKey: true,
    allowQuit: true,
    browserWindowAllowReload: true,
    showReloadButton: true,
    allowSpellCheck: false,
    allowDictionaryLookup: false,
    allowDownUploads: false,
    allowPrint: false,
    enablePrivateClipboard: true,
    examSessionClearCookiesOnStart: true,
    // The classic WebView sends the key in a header (SEB for macOS and iOS, "Prefer Modern in New Tab+Different Host").
    browserWindowWebView: 2,
  };
}

/** The exam's Config Key (the one SEB computes from the .seb file we give). */
export const sebConfigKey = (publicUrl: string, examId: number): string =>
  configKeyOf(sebSettingsFor(publicUrl, examId));

/** The exam's unencrypted .seb file: the settings as an XML property list. */
export const sebFile = (publicUrl: string, examId: number): string =>
  build(sebSettingsFor(publicUrl, examId) as PlistValue);

/** The link that opens the exam in SEB: its .seb file's address with the sebs (or seb) scheme. */
export const sebLaunchUrl = (publicUrl: string, examId: number): string =>
  `${publicUrl.replace(/^http/, 'seb')}/api/seb/exams/${examId}/config.seb`;
