/** A staff account's second factor (issue 46): the server's answers and the profile's two-step sign-in section. */
export default {
  mfa: {
    errors: {
      code_required: 'Enter the code from your authenticator app.',
      wrong_code: 'That code is not right, or it was already used. Enter the code your app shows now.',
      challenge_expired: 'The sign-in took too long or had too many wrong codes. Enter your password again.',
      enrolment_required:
        'Your role requires two-step sign-in. Set up an authenticator app on your profile before you go on.',
      staff_only: 'Two-step sign-in is for staff accounts.',
      already_enabled: 'Two-step sign-in is already on for this account.',
      no_enrolment: 'Start the setup first: a new secret is made for your app.',
      not_enabled: 'Two-step sign-in is not on for this account.',
      required_for_role: 'Your role requires two-step sign-in: it cannot be turned off.',
      reset_own: 'You cannot reset your own two-step sign-in. Another administrator can.',
    },
    enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
    disabled: 'Two-step sign-in is off.',
    codes_renewed: 'New recovery codes made. The old ones no longer work.',
    reset_done: "The user's two-step sign-in was reset. They will set it up again at their next sign-in.",
    section: {
      title: 'Two-step sign-in',
      on: 'On since %{date}. %{smart_count} recovery code left |||| On since %{date}. %{smart_count} recovery codes left',
      off: 'Off. Sign-in asks only for your password.',
      required: 'Your role requires two-step sign-in.',
      required_now: 'Your role requires two-step sign-in. Set it up to go on using the console.',
      explain:
        'After your password, sign-in asks for a six-digit code from an authenticator app on your phone (Microsoft Authenticator, Google Authenticator, FreeOTP or any other).',
      set_up: 'Set up an authenticator app',
      scan: 'Scan this code with your app, or type the key below into it.',
      qr_alt: 'QR code for your authenticator app',
      secret: 'Key for manual entry',
      code: 'Code from the app',
      confirm: 'Turn on',
      cancel: 'Cancel',
      codes_title: 'Recovery codes',
      codes_help:
        'Each code signs you in once if you lose your phone. Print them or keep them in a password manager: they will not be shown again.',
      codes_done: 'I have kept them',
      renew: 'New recovery codes',
      turn_off: 'Turn off',
      code_to_confirm: 'Enter a code from your app to confirm.',
    },
    reset: {
      button: 'Reset two-step sign-in',
      title: 'Reset two-step sign-in for %{name}?',
      help: 'Their authenticator app and recovery codes stop working and their sessions end. If their role requires it, they set up a new app at their next sign-in.',
      reason: 'Reason (for the audit log)',
      confirm: 'Reset',
      status_on: 'Two-step sign-in: on',
      status_off: 'Two-step sign-in: off',
    },
  },
};
