/** Single sign-on through OpenID Connect and SAML 2.0 (issue 46): the sign-in page's buttons and refusals, the providers' settings. */
const en = {
  /** The identities elsewhere that sign a user in, on the user's edit page (administrators). */
  sign_ins: {
    title: 'Linked sign-ins',
    help: 'The accounts at single sign-on providers and course platforms (LTI) that sign this user in. Unlink one that is wrong or no longer theirs: the user is signed out, and its next sign-in is matched afresh.',
    none: 'No outside sign-in is linked to this account.',
    kind: { sso: 'Single sign-on', lti: 'Course platform (LTI)' },
    provider: 'Provider',
    subject: 'Identity there',
    linked_at: 'Linked',
    last_used: 'Last used',
    never: 'Never',
    unlink: 'Unlink',
    unlink_label: 'Unlink %{provider}',
    confirm_title: 'Unlink this sign-in?',
    confirm: '%{provider} will no longer sign this user in until it is linked again, and the user is signed out now.',
    unlinked: 'The sign-in was unlinked.',
  },
  sso: {
    errors: {
      key_format: 'Use 1 to 40 lowercase letters, digits and dashes, starting and ending with a letter or digit.',
      key_taken: 'Another provider already uses this key.',
      issuer_url: "Enter the provider's issuer address, for example https://login.example.org/tenant/v2.0.",
      issuer_https: 'The issuer address must start with https://.',
      scopes_openid: 'The scopes must include openid.',
      role_map: 'Write one mapping a line: a claim value, =, then admin, author, corrector or school.',
      role_claim_required: 'Name the claim the role mapping reads (for example groups or roles).',
      school_map: 'Write one mapping a line: a claim value, =, then the ID of a school.',
      school_claim_required: 'Name the claim the school mapping reads (for example schools or groups).',
      school_unknown: 'A line names a school ID that is not in the schools list.',
      create_needs_roles: 'Accounts can be created only with a role mapping: add one first.',
      client_id_required: 'Enter the client ID the provider gave this app.',
      entity_id: "Enter the identity provider's entity ID, an address (https://...) or a name starting with urn:.",
      sso_url_required: "Enter the identity provider's sign-in address.",
      sso_url: "Enter the identity provider's sign-in address, for example https://idp.example.org/saml2/sso.",
      sso_url_https: 'The sign-in address must start with https://.',
      certificate_required: "Paste the identity provider's signing certificate.",
      certificate: 'Paste the certificate as PEM, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    },
  },
};

export default en;
