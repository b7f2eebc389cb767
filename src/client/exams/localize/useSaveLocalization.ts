import { useNavigate } from 'react-router-dom';
import { localizationsApi } from '../api/localizationsApi';
import { statusOf, useExamNotify } from '../common/useExamNotify';
import type { LocalizationBody } from '../types';
import { cacheCountries } from './countryCache';

/**
 * Saves a localized exam: create (id 0) or update, then back to the exam's localized exams.
 * Field errors (422) are returned for the form; refusals (418: the exam is not published, or
 * the localization is) are told in a toast with the server's message.
 */
export function useSaveLocalization(examId: number, localizationId: number) {
  const notify = useExamNotify();
  const navigate = useNavigate();
  return async (body: LocalizationBody): Promise<Record<string, string> | undefined> => {
    const isNew = localizationId === 0;
    try {
      if (isNew) await localizationsApi.create(examId, body);
      else await localizationsApi.update(localizationId, body);
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
