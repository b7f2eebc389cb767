/** LTI 1.3 launches from a learning management system (issue 46): the platforms' settings. */
const en = {
  lti: {
    errors: {
      address: 'Enter a web address starting with https:// (or http:// for a test platform).',
    },
    deep_link: {
      page_title: 'Choose an exam',
      title: 'Choose the exam this activity opens',
      intro: '%{platform} asks which exam its course activity should open. Students launch it from the course.',
      line_item: 'The course gradebook gets a column for the exam; a mark goes there when the results are released.',
      search: 'Search exams',
      list_label: 'Published exams still open',
      none: 'No published exam is open now.',
      window: '%{start} to %{end}',
      max_mark: 'Out of %{mark}',
      add: 'Add to the course',
      cancel: 'Cancel',
      choose_first: 'Choose an exam first.',
      sending: 'Returning to your course…',
      expired: 'This choice has expired or was already made. Open the activity settings in your course again.',
      exam_unavailable: 'That exam is no longer published or open. Choose another.',
    },
    account_link: {
      page_title: 'Link your course account',
      title: 'Link your account at %{platform}',
      intro:
        'You opened an activity of your course at %{platform} as its teacher. Link your account there to this one (%{account}) and the course signs you in here directly next time.',
      exam: 'The activity opens %{exam}.',
      confirm: 'Link my account',
      cancel: 'Not now',
      expired: 'This link request has expired or was already used. Open the activity in your course again.',
      not_staff: "A student's account cannot be linked to a course's teacher.",
      taken: 'Your account at the course is already linked to another account here. Ask your administrator.',
    },
  },
};

export default en;
