import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/passwords';
import { changeOwnPasswordSchema } from '../../src/common/validation';

describe('password hashing', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const a = await hashPassword('Demo@2026');
    const b = await hashPassword('Demo@2026');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Demo@2026');
    expect(await verifyPassword('Demo@2026', a)).toBe(true);
    expect(await verifyPassword('demo@2026', a)).toBe(false);
    expect(await verifyPassword('Demo@2026', 'plain-text')).toBe(false);
  });

  it('hashes at a lower cost for the test factories only, and a check reads the cost from the hash', async () => {
    const cheap = await hashPassword('Demo@2026', { N: 1024, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Demo@2026', cheap)).toBe(true);
    const environment = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(hashPassword('Demo@2026', { N: 1024, r: 8, p: 1 })).rejects.toThrow(/cost/);
    } finally {
      process.env.NODE_ENV = environment;
    }
  });

  it('requires a letter, a digit, 8 characters and a matching confirmation', () => {
    const base = { current_password: 'x', password: 'abcdefg1', password_confirmation: 'abcdefg1' };
    expect(changeOwnPasswordSchema.safeParse(base).success).toBe(true);
    const short = changeOwnPasswordSchema.safeParse({ ...base, password: 'abc1', password_confirmation: 'abc1' });
    expect(short.error?.issues[0].message).toBe('validation.password_rules');
    const mismatch = changeOwnPasswordSchema.safeParse({ ...base, password_confirmation: 'abcdefg2' });
    expect(mismatch.error?.issues[0]).toMatchObject({
      message: 'validation.password_mismatch',
      path: ['password_confirmation'],
    });
  });
});
