/** A student's personal data (issue 45): its export, its erasure and the retention rules' dry run. */
export default {
  privacy: {
    errors: {
      sitting_exam: 'This student is sitting an exam now. Erase their data once the attempt is submitted.',
      already_erased: "This student's personal data has already been erased.",
      marks_anonymously:
        "You mark one of this student's exams without names: another administrator can download their data, or you can once its marking is done.",
      audit_log_not_ready:
        'The audit log was sealed before this release: an administrator must seal it again (npm run db:seal-audit-log) before a student can be erased.',
    },
    export: {
      button: 'Download personal data',
      help: 'Everything the platform holds on this student, as a ZIP of JSON files, recordings and reports.',
      failed: 'The personal data could not be downloaded.',
    },
    erase: {
      button: 'Erase personal data',
      title: "Erase this student's personal data",
      text: 'Their name, number, national ID, date of birth, account, written and spoken answers, markers’ comments, recordings and individual reports are removed for good; scores stay, without a name, for the statistics. This cannot be undone.',
      reason: 'Reason (for the audit log)',
      reason_help: 'At least 3 characters, for example the request it answers.',
      confirm: 'Erase for good',
      cancel: 'Cancel',
      done: 'Erased: %{recordings} recordings and %{reports} reports deleted, %{audit_rows} audit entries pseudonymised, %{reports_remade} group reports being made again without the name.',
      erased: 'This student’s personal data was erased.',
    },
    retention: {
      title: 'Privacy and retention',
      intro:
        'How long personal data is kept. A daily job deletes what the rules make due; this page is its dry run, listing what it would delete now. The rules are set on the server (RETAIN_RECORDINGS_DAYS, ERASE_LEAVERS_AFTER_YEARS).',
      recordings_rule:
        'Recordings are kept %{days} day after their results are released. |||| Recordings are kept %{days} days after their results are released.',
      recordings_kept: 'Recordings are kept: no rule is set.',
      leavers_rule:
        'Students who left are erased %{years} year after they were made inactive. |||| Students who left are erased %{years} years after they were made inactive.',
      leavers_kept: 'Students who left are kept: no rule is set.',
      recordings_heading: 'Recordings the job would delete (%{count})',
      leavers_heading: 'Students the job would erase (%{count})',
      nothing: 'Nothing is due.',
      student_number: 'Student number',
      student: 'Student',
      school: 'School',
      exam: 'Exam',
      released_at: 'Results released',
      left_at: 'Left',
      recording: 'Recording',
    },
  },
};
