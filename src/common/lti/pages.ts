/** The console's page where a course's teacher, signed in, confirms the link of their platform account (issue 46). */
export const ACCOUNT_LINK_PAGE = '/lti/account-link';
