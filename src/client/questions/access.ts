import { AREAS, listPermissions } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { useAccess } from '../auth';

/** The API resource and the console's routes of the questions bank. */
export const QUESTIONS_RESOURCE = 'questions-bank';
export const QUESTION_PATHS = {
  list: '/questions-bank',
  create: '/questions-bank/create',
  /** Import and export (schemas/questions-interchange.ts). */
  interchange: '/questions-bank/interchange',
  edit: (id: number | string) => `/questions-bank/${encodeURIComponent(String(id))}/edit`,
  preview: (id: number | string) => `/questions-bank/${encodeURIComponent(String(id))}/preview`,
};

const area = AREAS.questionsBank;

/** What the signed-in user may do in the questions bank (area `questions-bank`). */
export function useQuestionAccess() {
  const access = useAccess();
  const canView = access.allows({ anyOf: listPermissions(area) });
  const may = (action: 'create' | 'edit' | 'delete') =>
    canView && access.allows({ anyOf: [permissionFor(area, action)] });
  return {
    isPending: access.isPending,
    canView,
    canCreate: may('create'),
    canEdit: may('edit'),
    canDelete: may('delete'),
  };
}
