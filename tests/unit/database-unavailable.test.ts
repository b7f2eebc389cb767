import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';

describe('database unavailable', () => {
  it('recognises a database that is restarting or out of reach', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ])
      expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves every other failure alone (a bug stays a 500)', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }),
      null,
      'text',
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
