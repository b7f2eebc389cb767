/** Single sign-on through OpenID Connect (issue 46): the sign-in page's buttons and refusals, the providers' settings. */
const en = {
  sso: {
    sign_in_with: 'Sign in with %{name}',
    or: 'or',
    refused: {
      unavailable: 'That sign-in service is not available now. Try again later or sign in with your password.',
      cancelled: 'Sign-in was cancelled at the sign-in service.',
      failed: 'The sign-in service’s answer could not be checked, so you are not signed in. Start again.',
      expired: 'The sign-in took too long. Start again.',
      unknown_account:
        'Your account at the sign-in service is not linked to an account here. Ask your administrator to give you access.',
      no_role: 'Your account at the sign-in service no longer gives you a role here. Ask your administrator.',
      disabled: 'This account is disabled. Ask your administrator.',
      email_taken:
        'An account here already uses your e-mail address, and it is not linked to the sign-in service. Ask your administrator to link it.',
      ambiguous_student: 'More than one student record has your student number. Ask your school to correct it.',
    },
    errors: {
      key_format: 'Use 1 to 40 lowercase letters, digits and dashes, starting and ending with a letter or digit.',
      key_taken: 'Another provider already uses this key.',
      issuer_url: "Enter the provider's issuer address, for example https://login.example.org/tenant/v2.0.",
      issuer_https: 'The issuer address must start with https://.',
      scopes_openid: 'The scopes must include openid.',
      role_map: 'Write one mapping a line: a claim value, =, then admin, author, corrector or school.',
      role_claim_required: 'Name the claim the role mapping reads (for example groups or roles).',
      create_needs_roles: 'Accounts can be created only with a role mapping: add one first.',
    },
  },
};

export default en;
