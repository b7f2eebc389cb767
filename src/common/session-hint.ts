/**
 * A readable cookie the server sets beside the (HttpOnly) session cookie at every sign-in, whatever
 * its way (a password, single sign-on, an LTI launch), and clears at sign-out. It holds nothing but
 * "1": it tells the console that this browser may be signed in although it stored no user itself
 * (a sign-in that ended in a redirect from elsewhere), so that it asks the server instead of
 * signing out.
 */
export const SIGNED_IN_COOKIE = 'ltm_signed_in';
