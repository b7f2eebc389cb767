import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import { mediaAltIssue, parseQuestion } from '../../../common/questions';
import type { QuestionFormValues, QuestionRecord } from '../types';
import { issuesToErrors, serverErrors } from './formErrors';
import { newQuestionValues, questionFormValues, questionPayload } from './formValues';

/**
 * Validates the form with the shared `questionSchema` (the server's own validator) on the very
 * body that will be sent, so the console and the API can never disagree.
 */
export function questionResolver(platformId: number | null): Resolver<QuestionFormValues> {
  return async (values) => {
    const payload = questionPayload(values, platformId);
    const parsed = parseQuestion(payload);
    const altIssue = mediaAltIssue(payload);
    const issues = [
      ...(parsed.success ? [] : parsed.issues),
      ...(altIssue ? [{ path: ['media_alt'], message: altIssue }] : []),
    ];
    return issues.length === 0 ? { values, errors: {} } : { values: {}, errors: issuesToErrors(issues) };
  };
}

export interface QuestionForm {
  /** Spread on react-admin's `<Form>`: starting values, the schema resolver, no generic toast. */
  formProps: {
    defaultValues: QuestionFormValues;
    resolver: Resolver<QuestionFormValues>;
    disableInvalidFormNotification: true;
  };
  /** Form values, as `<Form onSubmit>` hands them, -> request body (with the platform). */
  toPayload: (values: FieldValues) => Record<string, unknown>;
  /** A failed save -> errors to return from `onSubmit`, so they land under their inputs. */
  serverErrors: (error: unknown) => Record<string, string> | undefined;
}

/**
 * Everything a screen needs to host `QuestionFormFields` in its own react-admin `<Form>`: the
 * bank's create and edit pages, and later the exam screen that creates a question in place.
 */
export function useQuestionForm({
  platformId,
  record,
}: {
  platformId: number | null;
  record?: QuestionRecord | null;
}): QuestionForm {
  const [language] = useLocaleState();
  return useMemo(
    () => ({
      formProps: {
        defaultValues: record ? questionFormValues(record) : newQuestionValues(language),
        resolver: questionResolver(platformId),
        disableInvalidFormNotification: true,
      },
      // react-admin types submitted values loosely; they are what `questionResolver` passed.
      toPayload: (values: FieldValues) => questionPayload(values as QuestionFormValues, platformId),
      serverErrors,
    }),
    [language, platformId, record],
  );
}
