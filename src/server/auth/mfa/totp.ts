import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, a 30-second step. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret, in base32 (what the app's manual entry takes). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  totpOf(secret, account, issuer).toString();

/** The time step a moment falls in. */
export const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / PERIOD_SECONDS);

/**
 * The time step of a right code (the current step or one either side, for a phone's clock that is
 * a little off), or null. A code of a step at or before `lastStep` is refused: a code is taken once.
 */
export function acceptedStep(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = stepAt(nowMs) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code for a moment (the tests' authenticator app). */
export const totpCode = (secret: string, nowMs: number): string => totpOf(secret).generate({ timestamp: nowMs });
