/** Web reports (SPEC sections 2, 3 and 9; issue 15): the server's messages and the screens. */
const messages = {
  web_reports: {
    title: 'Web reports',
    leaderboard_rule: 'Choose exactly one school, one round and one grade to see the leaderboard.',
    comparative_rule: 'Choose more than one school, round or academic year to compare them.',
    refreshed: 'The web report figures were refreshed.',
    refreshed_at: 'Figures as of %{date}. They are refreshed every 24 hours.',
    never_refreshed: 'The figures have not been refreshed yet.',
    included:
      'Averages and tiers include %{included} of %{completed} completed exams: those corrected, released and moved into the reports.',
    refresh: 'Refresh now',
    refresh_error: 'The figures could not be refreshed.',
    filters: {
      platform: 'Platform',
      schools: 'Schools',
      academic_years: 'Academic years',
      rounds: 'Rounds',
      grades: 'Grades',
      all: 'All',
      comparative: 'Comparative view',
    },
    participation: {
      title: 'Participation',
      schools: 'Schools',
      subscribed: 'Subscribed students',
      assigned: 'Exams assigned',
      completed: 'Exams completed',
      non_submitters: 'Exams not submitted',
      units:
        'Subscribed students counts each student once. The exam figures count one per student and exam: a student assigned in two rounds counts twice.',
    },
    average: 'Average score',
    results: 'Results',
    no_results: 'No corrected results for this selection yet.',
    skills: { title: 'Average performance per skill', axis: 'Average (%)' },
    tiers: {
      title: 'Students by attainment tier',
      below: 'Below Average',
      within: 'Within Average',
      above: 'Above Average',
      students: 'Students',
    },
    comparative: {
      title: 'Comparative view',
      school: 'By school',
      round: 'By round',
      academic_year: 'By academic year',
    },
    leaderboard: {
      title: 'Leaderboard',
      top: 'Top students',
      lowest: 'Lowest students',
      rank: 'Rank',
      student: 'Student',
      class: 'Class',
      year: 'Academic year',
      percent: 'Score (%)',
      mark: 'Mark',
      tier: 'Attainment',
    },
    export: {
      png: 'Download PNG',
      csv: 'Export CSV',
      xlsx: 'Export Excel',
      section: 'Section',
      item: 'Item',
      value: 'Value',
      file: 'web-report',
    },
  },
};

export default messages;
