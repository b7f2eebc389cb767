import { describe, expect, it } from 'vitest';
import { codePointLength, composeName, truncateText } from '../../src/common/text-bounds';

const wellFormed = (text: string) => text.isWellFormed();

describe('truncateText', () => {
  it('leaves a text that fits as it is, counting code points as PostgreSQL does', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('𝐀𝐁𝐂', 3)).toBe('𝐀𝐁𝐂'); // six UTF-16 units, three characters
    expect(codePointLength('𝐀𝐁𝐂')).toBe(3);
  });

  it('cuts with an ellipsis counted in the bound', () => {
    const cut = truncateText('a'.repeat(300), 255);
    expect(cut).toBe(`${'a'.repeat(254)}…`);
    expect(codePointLength(cut)).toBe(255);
  });

  it('never splits a surrogate pair, whatever the bound', () => {
    const text = '𝐀'.repeat(300);
    for (const max of [1, 2, 3, 80, 127, 254, 255]) {
      const cut = truncateText(text, max);
      expect(wellFormed(cut), String(max)).toBe(true);
      expect(codePointLength(cut), String(max)).toBeLessThanOrEqual(max);
    }
  });

  it('never splits a grapheme: a letter keeps its marks, an emoji its modifiers and joiners', () => {
    const family = '👨‍👩‍👧‍👦'; // seven code points
    const cut = truncateText(`ab${family}${family}`, 10);
    expect(cut).toBe(`ab${family}…`);
    const vowelled = 'مُحَمَّد'.repeat(50);
    const segments = (text: string) =>
      Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
    for (const max of [50, 101, 102, 103]) {
      const kept = truncateText(vowelled, max).slice(0, -1);
      const parts = segments(kept);
      expect(parts, String(max)).toEqual(segments(vowelled).slice(0, parts.length));
      expect(codePointLength(kept) + 1, String(max)).toBeLessThanOrEqual(max);
    }
  });
});

describe('composeName', () => {
  it('joins parts that fit', () => {
    expect(composeName(['Layla Ahmed', 'Reading Benchmark'], ' — ', 255)).toBe('Layla Ahmed — Reading Benchmark');
  });

  it('bounds two names of 255 characters to 255, both still visible', () => {
    const name = composeName(['S'.repeat(255), 'E'.repeat(255)], ' — ', 255);
    expect(codePointLength(name)).toBeLessThanOrEqual(255);
    expect(name).toMatch(/^S+… — E+…$/);
  });

  it('gives a short part what it does not need to the long one', () => {
    const name = composeName(['Class A', '𝐄'.repeat(400)], ' — ', 255);
    expect(name.startsWith('Class A — ')).toBe(true);
    expect(codePointLength(name)).toBe(255);
    expect(wellFormed(name)).toBe(true);
  });
});
