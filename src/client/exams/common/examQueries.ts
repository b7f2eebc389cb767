import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';
import { useAppDataProvider } from '../../providers/appDataProvider';
import type { RestrictionQuery } from '../../providers/examMethods';
import type { Exam, ExamLocalization, ExamQuestion } from '../types';

/** The exams screens show a failed read at once (an alert) rather than after react-query's retries. */
export const READ_OPTIONS = { retry: false } as const;

export const useExam = (examId: number) => useGetOne<Exam>('exams', { id: examId }, READ_OPTIONS);

/** One localized exam; none (a new one, id 0) is not fetched. */
export const useLocalization = (localizationId: number) =>
  useGetOne<ExamLocalization>(
    'exam-localizations',
    { id: localizationId },
    { ...READ_OPTIONS, enabled: localizationId !== 0 },
  );

/** Whether an exam or a localized exam may be edited; `null` asks nothing. */
export function useExamRestriction(query: RestrictionQuery | null) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['exams', 'examRestriction', query],
    queryFn: ({ signal }) => dataProvider.examRestriction(query!, signal).then(({ data }) => data),
    enabled: query !== null,
    ...READ_OPTIONS,
  });
}

export function useExamLocalizations(examId: number, enabled = true) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['exam-localizations', 'examLocalizations', { examId }],
    queryFn: ({ signal }) => dataProvider.examLocalizations(examId, signal).then(({ data }) => data),
    enabled,
    ...READ_OPTIONS,
  });
}

export function useExamPreview(examId: number, localizationId: number | undefined) {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['exams', 'examPreview', { examId, localizationId }],
    queryFn: ({ signal }) => dataProvider.examPreview(examId, localizationId, signal).then(({ data }) => data),
    ...READ_OPTIONS,
  });
}

/**
 * The questions an exam holds (none asked while the exam is unsaved), and `setQuestions` to show
 * what a reorder or an assignment answered without a refetch.
 */
export function useExamQuestions(examId: number | null) {
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['exams', 'examQuestions', { examId }];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => dataProvider.examQuestions(examId!, signal).then(({ data }) => data),
    enabled: examId !== null,
    ...READ_OPTIONS,
  });
  const setQuestions = (questions: ExamQuestion[]) => queryClient.setQueryData(queryKey, questions);
  return { query, setQuestions };
}
