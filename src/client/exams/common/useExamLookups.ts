import { listPermissions } from '../../../common/permission-catalog';
import type { AccessRule } from '../../auth';
import type { ListResponse } from '../../providers/dataProvider';
import { http } from '../../providers/http';
import { examsApi } from '../api/examsApi';
import type { ExamLookups, NamedRecord } from '../types';
import { useExamAccess } from './useExamAccess';
import { useLoaded, type Loaded } from './useLoaded';

/** Each lookup of the exam form and the settings resource it comes from. */
const RESOURCES: Record<keyof ExamLookups, string> = {
  grades: 'grades',
  levels: 'levels',
  skills: 'skills',
  rounds: 'rounds',
  durations: 'durations',
  examTypes: 'exam-types',
};

/**
 * For someone who may list exams but not write them (`POST /exams/form` needs create or edit):
 * the lookups they may read, one settings list each. A list they may not read stays empty rather
 * than answering 403, which would sign them out.
 */
async function fromResources(
  platformId: number,
  allows: (rule: AccessRule) => boolean,
  signal: AbortSignal,
): Promise<ExamLookups> {
  const query = new URLSearchParams({
    page: '1',
    per_page: '100',
    sort: 'id',
    order: 'asc',
    platform_id: String(platformId),
  });
  const entries = await Promise.all(
    Object.entries(RESOURCES).map(async ([key, resource]) => {
      if (!allows({ anyOf: listPermissions(resource) })) return [key, []] as const;
      const { json } = await http<ListResponse<NamedRecord>>(`/${resource}`, { query, signal });
      return [key, json.data] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as ExamLookups;
}

/** The exam lookups of a platform (SPEC section 3: grades, levels, skills, rounds, durations, exam types). */
export function useExamLookups(platformId: number | null): Loaded<ExamLookups> {
  const { can, allows, isPending } = useExamAccess();
  const viaForm = can('create') || can('edit');
  const load =
    platformId === null || isPending
      ? null
      : (signal: AbortSignal) =>
          viaForm ? examsApi.lookups(platformId, signal) : fromResources(platformId, allows, signal);
  return useLoaded(load, [platformId, viaForm, isPending]);
}
