import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, parseDateTime } from '../../src/client/format';

describe('formatting', () => {
  it('reads the API date-time form and ISO 8601 alike', () => {
    expect(parseDateTime('2025-03-02 09:15:00')?.getHours()).toBe(9);
    expect(parseDateTime('2025-03-02T09:15:00Z')?.toISOString()).toBe('2025-03-02T09:15:00.000Z');
    expect(parseDateTime('not a date')).toBeNull();
    expect(formatDateTime(null)).toBe('');
  });

  it('formats with the reader’s locale', () => {
    expect(formatNumber(1234.5, 'en')).toBe(new Intl.NumberFormat('en').format(1234.5));
    expect(formatNumber(1234.5, 'ar')).toBe(new Intl.NumberFormat('ar').format(1234.5));
    expect(formatDateTime('2025-03-02 09:15:00', 'en')).toContain('2025');
    expect(formatDateTime('2025-03-02 09:15:00', 'ar')).not.toBe(formatDateTime('2025-03-02 09:15:00', 'en'));
  });
});
