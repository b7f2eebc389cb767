import { defineArea } from './vocabulary';

/**
 * Exam day (issue 26): an exam's live monitor, with its interventions and the release of its
 * results, for admins, authors and school staff (their own schools). Reached from the exams list,
 * the exam's tabs and a school's home page.
 */
const examMonitor = defineArea({
  name: 'exam-monitor',
  pages: {
    monitor: { path: '/exams/:id/monitor', view: 'exam-monitor/ExamMonitorPage', access: ['exam-monitor'] },
  },
});

export default examMonitor;
