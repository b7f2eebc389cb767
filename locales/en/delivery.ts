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
      unavailable: 'This exam is not available at the moment: it is being changed.',
      already_submitted: 'This exam has been submitted already.',
      deadline_passed: 'The time for this exam is over: the answer was not saved.',
      attempt_replaced:
        'These answers were given in an earlier attempt of this exam, which is over: they were not saved.',
      not_started: 'Start the exam first.',
      question_not_in_exam: 'This question is not part of the exam.',
      recording_not_yours: 'The recording must be one you uploaded for this exam.',
      replay_limit: 'This media has been played as many times as allowed.',
      not_a_student: 'This account is not linked to a student.',
      safe_exam_browser:
        'This exam can only be taken in Safe Exam Browser. Open it with the Safe Exam Browser link; your answers saved so far are kept.',
      unpublish_started: 'Students have started this exam, so it cannot be unpublished.',
      not_adaptive: 'This exam is not adaptive: its questions do not come one at a time.',
      adaptive_finished: 'You have answered every question of this exam. Submit it.',
      adaptive_question_closed:
        'This question has been answered and the next one chosen from the answer: it can no longer be changed.',
      adaptive_not_current: 'Answer the question you are on.',
    },
    skipped: {
      not_eligible: 'The student is not eligible for this exam (platform, grade or level).',
      unknown_student: 'No such student.',
    },
    assign: {
      action: 'Assign',
      title: 'Assign “%{name}”',
      schools: 'Schools',
      schools_help: 'Choose whole schools, or open a school to choose some of its students.',
      no_schools: 'No school has students eligible for this exam (its platform, grade or level).',
      counts: '%{eligible} eligible, %{assigned} assigned',
      whole_school: 'The whole school',
      students_of: 'Students of %{school}',
      class_filter: 'Class',
      all_classes: 'All classes',
      search: 'Search by name',
      assigned: 'Assigned',
      started: 'Started',
      window: 'When students may take it',
      options: 'Options',
      release_results: 'When results are shown',
      release_help:
        "Results (scores and, where shown, right answers) reach students and school staff at the window's end, or only when an author or admin releases them. Practice tests show them at once.",
      release_modes: { after_close: 'When the window has closed', manual: 'When released by an author or admin' },
      show_answers: 'Show the right answers after submission',
      shuffle_questions: 'Shuffle the questions',
      shuffle_choices: 'Shuffle the choices',
      localization: 'Version',
      original: 'The original exam',
      selected: '%{schools} schools and %{students} students selected',
      submit: 'Assign',
      reassign: 'Reassign',
      reassign_title: 'Reassign the exam',
      reassign_content:
        'The selected students start again. One of them has answers for this exam, which will be erased. This cannot be undone. |||| The selected students start again. %{count} of them have answers for this exam, which will be erased. This cannot be undone.',
      reassign_content_none:
        'The selected students start again. None of them has answers for this exam yet: nothing is erased.',
      outcome: '%{assigned} assigned, %{already} already assigned, %{skipped} skipped',
    },
  },
};

export default messages;
