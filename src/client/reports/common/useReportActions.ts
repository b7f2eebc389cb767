import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CORRECTION_STATUSES } from '../../../common/correction/statuses';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { InvalidServerResponse, type ReportLanguageChoice } from '../../providers/reportMethods';
import { saveFile } from '../../components/saveFile';

/**
 * A school's or grade's "all reports": every status is asked for, so the grades already corrected get
 * theirs while others wait; the server answers a 418 with its words when none is eligible.
 */
const ALL_STATUSES = CORRECTION_STATUSES.map((status) => status.id);

/**
 * The report actions of the schools screens and the reports list (SPEC sections 4 and 8): each shows
 * the server's words (a queued count, the migration's "refresh after about 15 minutes", a business
 * rule's 418 message) and refreshes the lists it changed. `busy` names the action under way.
 */
export function useReportActions() {
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const { fail, text } = useNotifyResult('report_screens.notifications');
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, failure: string, action: () => Promise<string | null>) => {
    setBusy(key);
    try {
      const message = await action();
      if (message) text(message, 'success');
      // The schools screens' queries and react-admin's list of reports both start with 'reports'.
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
    } catch (error) {
      if (error instanceof InvalidServerResponse) text(translate(error.message), 'error');
      else await fail(failure, error);
    } finally {
      setBusy(null);
    }
  };
  const queued = async (call: Promise<{ message: string }>) => (await call).message;

  return {
    busy,
    /** The school report at once, downloaded from its preview URL. */
    generateNow: (schoolId: number) =>
      run(`now-${schoolId}`, 'generate_error', async () => {
        const { data } = await dataProvider.generateSchoolReportNow(schoolId);
        if (!data.preview_url) throw new InvalidServerResponse();
        const file = await dataProvider.fetchReportFile(data.preview_url);
        saveFile(file);
        return translate('report_screens.schools.downloaded', { name: file.fileName });
      }),
    generateSchool: (schoolId: number) =>
      run(`all-${schoolId}`, 'generate_error', () =>
        queued(dataProvider.generateSchoolReports({ school_id: schoolId, correction_status_ids: ALL_STATUSES })),
      ),
    generateByStatus: (statusIds: number[]) =>
      run('by-status', 'generate_error', () =>
        queued(dataProvider.generateSchoolReports({ correction_status_ids: statusIds })),
      ),
    generateGrade: (schoolId: number, gradeId: number) =>
      run(`grade-${gradeId}`, 'generate_error', () =>
        queued(
          dataProvider.generateGradeReports({
            school_id: schoolId,
            grade_id: gradeId,
            correction_status_ids: ALL_STATUSES,
          }),
        ),
      ),
    migrate: (schoolId: number) =>
      run(`migrate-${schoolId}`, 'migrate_error', () => queued(dataProvider.migrateSchoolReports(schoolId))),
    download: (language: ReportLanguageChoice, reportIds: number[]) =>
      run('download', 'download_error', async () => {
        const file = await dataProvider.downloadReports(language, reportIds);
        saveFile(file);
        return translate('report_screens.reports.downloaded', { name: file.fileName });
      }),
  };
}
