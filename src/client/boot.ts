import { homePath, permissionsOf, readStoredUser } from './auth';
import { MY_EXAMS_PATH } from './student';

/** Whether the user signed in on this browser is a student (their home is their exams). */
export function storedUserIsStudent(): boolean {
  const user = readStoredUser();
  return user !== null && homePath(permissionsOf(user)) === MY_EXAMS_PATH;
}

/**
 * The paths the student boot serves (issue 11): sign-in, a student's exams, and home for a
 * signed-in student. Every other path boots the console.
 */
export function bootsStudentApp(pathname: string): boolean {
  if (pathname === '/login' || pathname === MY_EXAMS_PATH || pathname.startsWith(`${MY_EXAMS_PATH}/`)) return true;
  return pathname === '/' && storedUserIsStudent();
}
