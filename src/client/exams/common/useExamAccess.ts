import { AREAS, listPermissions } from '../../../common/permission-catalog';
import { permissionFor } from '../../../common/permissions';
import { useAccess } from '../../auth';

/** Who may open each exams screen (SPEC sections 2 and 6); the routes and the buttons share these. */
export const EXAM_PERMISSIONS = {
  list: listPermissions(AREAS.exams),
  create: [permissionFor(AREAS.exams, 'create')],
  edit: [permissionFor(AREAS.exams, 'edit')],
  delete: [permissionFor(AREAS.exams, 'delete')],
  assign: [permissionFor(AREAS.exams, 'assign')],
  preview: [permissionFor(AREAS.exams, 'view'), permissionFor(AREAS.mockExams, 'view')],
  localizations: listPermissions(AREAS.examLocalizations),
  createLocalization: [permissionFor(AREAS.examLocalizations, 'create')],
  editLocalization: [permissionFor(AREAS.examLocalizations, 'edit')],
  deleteLocalization: [permissionFor(AREAS.examLocalizations, 'delete')],
  bank: listPermissions(AREAS.questionsBank),
  /** Exam day: the live monitor. */
  monitor: listPermissions(AREAS.examMonitor),
} as const;

export type ExamAbility = keyof typeof EXAM_PERMISSIONS;

/** `can('edit')`: whether the signed-in user holds any permission of that ability. */
export function useExamAccess() {
  const access = useAccess();
  return {
    isPending: access.isPending,
    can: (ability: ExamAbility) => access.allows({ anyOf: EXAM_PERMISSIONS[ability] }),
    allows: access.allows,
  };
}
