import { bankPermissions, serveLookups } from './questions-support';
import { makeUser, signIn } from './support/fixtures';
import { servePlatforms } from './support/resources';

/** Signs in an author with these rights on the bank, and serves the platforms and lookups. */
export function author(...actions: ('create' | 'edit' | 'delete')[]) {
  signIn(makeUser(bankPermissions(...actions)));
  servePlatforms();
  serveLookups();
}
