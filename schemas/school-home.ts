import { defineArea } from './vocabulary';

/**
 * A school's page (issue 26): school staff's home, for each of their schools the exams running
 * now, the results released and the latest reports. The header links it for school staff; those
 * who see every school reach each through the schools list instead.
 */
const schoolHome = defineArea({
  name: 'schools',
  pages: {
    school_home: {
      path: '/my-school',
      view: 'school-home/SchoolHomePage',
      access: ['schools'],
      roles: ['com.ltm.roles.school'],
      menu: 'main',
    },
  },
});

export default schoolHome;
