/** Exam day (issue 26): the monitor, interventions, extra time and the release of results. */
const messages = {
  exam_day: {
    errors: {
      mock: 'Practice tests need no supervision or release: their students may take them again and see their results at once.',
      one_target: 'Choose the students, one class or one school.',
      nothing: {
        not_started: 'None of these students has started this exam.',
        not_running: 'None of these students has this exam running now.',
        not_submitted: 'None of these students has submitted this exam.',
        released: 'Their results have been released: withdraw the release first.',
        marking_started: 'Marking of these attempts has begun: they can no longer be reopened.',
        no_time_left: 'No time was left when these attempts closed: give the minutes to reopen them with.',
      },
    },
  },
};

export default messages;
