import { forgetStudentWork, unsentWork } from './sync/localWork';

/**
 * The student header's sign-out (UserMenu's guard): the players on the page send what they hold;
 * when something has still not reached the server, the student is warned that signing out loses it
 * (a shared school computer keeps nothing of theirs). Once they confirm, everything is forgotten.
 */
export const signOutGuard = {
  async check() {
    const count = await unsentWork();
    return count > 0
      ? {
          title: 'student.sign_out.unsent_title',
          content: 'student.sign_out.unsent',
          confirm: 'student.sign_out.anyway',
          params: { count },
        }
      : null;
  },
  beforeLogout: () => forgetStudentWork({ unsent: true }),
};
