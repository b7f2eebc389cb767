import { defineArea } from './vocabulary';

/** A student's own exams: start, resume, submit, results (the student's home). */
const myExams = defineArea({
  name: 'student-exams',
  pages: {
    my_exams: {
      path: '/my-exams/*',
      view: 'student/StudentRoutes',
      access: ['student-exams.edit'],
      // Staff who hold the permission for testing are not students: the header link is a student's.
      roles: ['com.ltm.roles.student'],
      menu: 'main',
      label: 'student.nav.my_exams',
    },
  },
});

export default myExams;
