/** The homes that fit the role (issue 26): a marker's waiting list and school staff's page of their school. */
const messages = {
  homes: {
    fetch_error: 'This page could not be loaded. Please try again.',
    practice: 'Practice test',
    waiting: {
      title: 'Waiting for my marks',
      intro:
        'Exams with submitted answers that wait for your marks, the longest-waiting first. Open an exam to see its students and mark them.',
      first: 'First marking',
      second: 'Second marking',
      deciding: 'Deciding marks',
      total: 'Total',
      exam: 'Exam',
      oldest: 'Waiting since',
      anonymous: 'Anonymous marking',
      double: 'Double marking',
      open: 'Open the students of %{exam}',
      open_deciding: 'Open the answers of %{exam} that wait for a deciding mark',
      empty_title: 'Nothing is waiting for you',
      empty: 'No submitted answers wait for your marks. New ones appear here as students submit.',
    },
    school: {
      title: 'My school',
      no_schools:
        'Your account is not linked to a school yet. Ask an administrator to link it to your school to see its exams, results and reports.',
      running: {
        title: 'Exams running now',
        exam: 'Exam',
        window: 'Window',
        window_range: '%{start} to %{end}',
        not_started: 'Not started',
        in_progress: 'In progress',
        submitted: 'Submitted',
        monitor: 'Monitor',
        monitor_exam: 'Monitor %{exam}',
        empty: 'No exam is open at your school now.',
      },
      released: {
        title: 'Results released',
        exam: 'Exam',
        results: 'Results released',
        of: '%{released} of %{submitted} who submitted',
        released_at: 'Released on',
        download: 'Results by student',
        at_close: 'When the window closed',
        immediate: 'At once',
        empty: 'No results have been released to your students yet.',
      },
      reports: {
        title: 'Latest reports',
        report: 'Report',
        exam: 'Exam',
        language: 'Language',
        generated_at: 'Generated on',
        view: 'View',
        report_of: '%{type}: %{subject}',
        all: 'All reports',
        empty: 'No report has been generated for your school yet.',
      },
    },
  },
};

export default messages;
