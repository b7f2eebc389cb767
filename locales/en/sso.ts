/** Single sign-on through OpenID Connect (issue 46): the sign-in page's buttons and refusals, the providers' settings. */
const en = {
  sso: {
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
