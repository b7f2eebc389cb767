import type { Breadcrumb } from '../../common/contracts/index';
import { translate } from '../http/i18n';

interface Named {
  id: number;
  name_en: string;
  name_ar: string;
}

/** The console paths of the drill-down (SPEC section 2). */
export const DRILL_DOWN_PATHS = {
  schools: () => '/schools-list',
  grades: (schoolId: number) => `/grades?school_id=${schoolId}`,
  students: (schoolId: number, gradeId: number) => `/students?school_id=${schoolId}&grade_id=${gradeId}`,
  studentExams: (studentId: number) => `/student-exams?student_id=${studentId}`,
};

const crumb = (named: { name_en: string; name_ar: string }, path: string): Breadcrumb => ({
  label_en: named.name_en,
  label_ar: named.name_ar,
  path,
});

/**
 * Where a drill-down list is (SPEC section 3: the student-exams response has breadcrumbs): the
 * schools list, then the school, its grade and the student, as far as the list goes.
 */
export function breadcrumbsOf(at: { school: Named; grade?: Named; student?: { id: number; name: string } }) {
  const trail: Breadcrumb[] = [
    {
      label_en: translate('en', 'reports.breadcrumbs.schools'),
      label_ar: translate('ar', 'reports.breadcrumbs.schools'),
      path: DRILL_DOWN_PATHS.schools(),
    },
    crumb(at.school, DRILL_DOWN_PATHS.grades(at.school.id)),
  ];
  if (at.grade) trail.push(crumb(at.grade, DRILL_DOWN_PATHS.students(at.school.id, at.grade.id)));
  if (at.student)
    trail.push({
      label_en: at.student.name,
      label_ar: at.student.name,
      path: DRILL_DOWN_PATHS.studentExams(at.student.id),
    });
  return trail;
}
