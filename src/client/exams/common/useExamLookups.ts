import { useQuery } from '@tanstack/react-query';
import exams from '../../../../schemas/exams';
import { lookupKey, referencedResources } from '../../../common/declarations';
import { listPermissions } from '../../../common/permission-catalog';
import type { AccessRule } from '../../auth';
import { schemaRegistry } from '../../generic';
import { useAppDataProvider, type AppDataProvider } from '../../providers/appDataProvider';
import type { ExamLookups, NamedRecord } from '../types';
import { READ_OPTIONS } from './examQueries';
import { useExamAccess } from './useExamAccess';

/** The resources the exams' declaration refers to: the form's lookups, each under its key. */
const RESOURCES = referencedResources(exams);
/**
 * For someone who may list exams but not write them (`POST /exams/form` needs create or edit):
 * the lookups they may read, one settings list each. A list they may not read stays empty rather
 * than answering 403, which would sign them out.
 */
async function fromResources(
  dataProvider: AppDataProvider,
  platformId: number,
  allows: (rule: AccessRule) => boolean,
  signal: AbortSignal,
): Promise<ExamLookups> {
  const entries = await Promise.all(
    RESOURCES.map(async (resource) => {
      const key = lookupKey(resource);
      if (!allows({ anyOf: listPermissions(resource) })) return [key, []] as const;
      const { data } = await dataProvider.getList<NamedRecord>(resource, {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'id', order: 'ASC' },
        // A lookup on no platform (academic years) is listed whole.
        filter: schemaRegistry.get(resource)?.platformScoped ? { platform_id: platformId } : {},
        signal,
      });
      return [key, data] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as ExamLookups;
}

/** The exam lookups of a platform (SPEC section 3: grades, levels, skills, rounds, durations, exam types). */
export function useExamLookups(platformId: number | null) {
  const dataProvider = useAppDataProvider();
  const { can, allows, isPending } = useExamAccess();
  const viaForm = can('create') || can('edit');
  return useQuery({
    queryKey: ['exams', 'examFormLookups', { platformId, viaForm }],
    queryFn: ({ signal }) =>
      viaForm
        ? dataProvider.examFormLookups(platformId!, signal).then(({ data }) => data)
        : fromResources(dataProvider, platformId!, allows, signal),
    enabled: platformId !== null && !isPending,
    ...READ_OPTIONS,
  });
}
