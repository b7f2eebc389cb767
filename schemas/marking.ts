import { defineArea } from './vocabulary';

/**
 * Marking (issue 26): a marker's home, the exams with attempts waiting for their first, second or
 * deciding marks, for those who may save marks.
 */
const marking = defineArea({
  name: 'corrections',
  pages: {
    waiting: {
      path: '/marking',
      view: 'marking/WaitingPage',
      access: ['corrections.create', 'corrections.edit'],
      menu: 'main',
    },
  },
});

export default marking;
