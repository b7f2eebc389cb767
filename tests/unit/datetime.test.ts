import { describe, expect, it } from 'vitest';
import { formatWallTime, parseWallTime } from '../../src/common/datetime';

describe('wall-clock date-times', () => {
  it("reads YYYY-MM-DD HH:mm:ss in the schools' time zone", () => {
    expect(parseWallTime('2026-12-01 09:00:00', 'Asia/Dubai')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(parseWallTime('2026-12-01 09:00:00', 'UTC')?.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('refuses what is not a real date-time', () => {
    for (const text of [
      '2026-02-30 10:00:00',
      '2026-13-01 00:00:00',
      '2026-12-01T09:00:00',
      '2026-12-01 25:00:00',
      'tomorrow',
      '',
    ]) {
      expect(parseWallTime(text, 'UTC'), text).toBeNull();
    }
  });

  it('writes an instant back in the same format', () => {
    expect(formatWallTime('2026-12-01T05:00:00.000Z', 'Asia/Dubai')).toBe('2026-12-01 09:00:00');
    expect(formatWallTime(new Date('2026-06-30T23:59:59Z'), 'Asia/Riyadh')).toBe('2026-07-01 02:59:59');
  });
});
