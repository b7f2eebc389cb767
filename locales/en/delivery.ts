/** Assigning exams to students, and the student's exam (SPEC sections 3, 4 and 7). */
const messages = {
  delivery: {
    errors: {
      assign_unpublished: 'Only a published exam can be assigned. Publish it first.',
      window_outside_exam: "The assignment's window must lie inside the exam's own window.",
      window_order: 'The end must be after the start.',
      invalid_date_time: 'Enter a date and time as YYYY-MM-DD HH:mm:ss.',
      localization_invalid: 'Choose a published localized version of this exam.',
      nothing_to_assign: 'Choose at least one school or student.',
      not_open_yet: 'This exam has not opened yet.',
      closed: 'This exam has closed.',
      already_submitted: 'This exam has been submitted already.',
      deadline_passed: 'The time for this exam is over: the answer was not saved.',
      not_started: 'Start the exam first.',
      question_not_in_exam: 'This question is not part of the exam.',
      recording_not_yours: 'The recording must be one you uploaded for this exam.',
      replay_limit: 'This media has been played as many times as allowed.',
      not_a_student: 'This account is not linked to a student.',
      unpublish_started: 'Students have started this exam, so it cannot be unpublished.',
    },
    skipped: {
      not_eligible: 'The student is not eligible for this exam (platform, grade or level).',
      unknown_student: 'No such student.',
    },
    toasts: {
      assigned: 'Exam assigned successfully',
      assign_failed: 'Error while assigning exam',
      reassigned: 'Exam reassigned successfully',
      reassign_failed: 'Error while reassigning exam',
    },
  },
};

export default messages;
