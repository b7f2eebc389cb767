/**
 * Every test app seals its stored secrets with this key, on both databases (a server on PostgreSQL
 * seals only with SECRETS_KEY): one key for all, so frozen worlds, restarts and the end-to-end
 * servers started from the demo template (its `secrets.key`) open what they sealed.
 */
export const TEST_SECRETS = { key: 'dGVzdCBrZXkgZm9yIHNlYWxlZCBzZWNyZXRzIG9ubHk=', previousKeys: [] };
