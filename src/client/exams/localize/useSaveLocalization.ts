import { useNavigate } from 'react-router-dom';
import { useNotifyResult } from '../../components/useNotifyResult';
import { useAppDataProvider } from '../../providers/appDataProvider';
import { statusOf } from '../../providers/errors';
import type { LocalizationBody } from '../types';
import { cacheCountries } from './countryCache';

/**
 * Saves a localized exam: create (id 0) or update, then back to the exam's localized exams.
 * Field errors (422) are returned for the form; refusals (418: the exam is not published, or
 * the localization is) are told in a toast with the server's message.
 */
export function useSaveLocalization(examId: number, localizationId: number) {
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const navigate = useNavigate();
  return async (body: LocalizationBody): Promise<Record<string, string> | undefined> => {
    const isNew = localizationId === 0;
    try {
      if (isNew) await dataProvider.createExamLocalization(examId, body);
      else
        await dataProvider.update('exam-localizations', {
          id: localizationId,
          data: body,
          previousData: { id: localizationId },
        });
      cacheCountries(body.countries);
      notify.say(isNew ? 'localization_created' : 'localization_updated');
      navigate(`/exams/${examId}/localize`);
      return undefined;
    } catch (error) {
      await notify.fail(isNew ? 'localization_create_error' : 'localization_update_error', error);
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      return statusOf(error) === 422 ? errors : undefined;
    }
  };
}
