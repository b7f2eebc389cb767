/** Correction (SPEC sections 2, 4 and 8): the server's messages and the two status lookups. */
const messages = {
  correction: {
    saved: 'Corrections saved successfully',
    save_error: 'Error saving corrections',
    exam_statuses: {
      not_started: 'Not started',
      in_progress: 'In progress',
      submitted: 'Submitted',
      auto_submitted: 'Submitted automatically',
      absent: 'Absent',
    },
    correction_statuses: {
      not_corrected: 'Not corrected',
      in_progress: 'In progress',
      corrected: 'Corrected',
    },
    errors: {
      not_submitted: 'This student has not submitted the exam, so there is nothing to correct yet.',
      mock: 'Mock exams are scored automatically and are not corrected.',
      no_place:
        'Two markers have marked this student already and no answer needs a deciding mark, so you cannot add marks.',
      stale:
        'Another marker saved corrections for this student after you opened them. Your changes were not saved: reload to see the latest marks.',
      not_in_exam: 'This question is not part of the student’s exam.',
      duplicate: 'This question is marked twice in the same save.',
      mark_range: 'Enter a mark between 0 and %{max}, with at most two decimals.',
      reason_required: 'Give a reason to override an automatic score.',
      not_disputed: 'This answer does not need a deciding mark.',
      student_or_code: 'Name the student by their id, or by their code when marking is anonymous (one of the two).',
      anonymous_filter: 'Marking is anonymous: the list cannot be filtered by school or class.',
      read_by_name:
        'You have read this exam’s students by name while its marking was open (its monitor, its named results or a student’s exams), so you cannot mark it anonymously. Another corrector marks it.',
      not_anonymous: 'Only an exam marked anonymously has an anonymity to lift.',
      already_lifted: "This exam's anonymity was lifted already.",
      anonymous_marker:
        'You mark this exam anonymously: its monitor and its named results open to you once its marking is complete.',
    },
  },
};

export default messages;
