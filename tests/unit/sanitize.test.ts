import { describe, expect, it } from 'vitest';
import { sanitizePlainText, sanitizeRichFields, sanitizeRichText } from '../../src/server/questions/sanitize-rich-text';

describe('rich text sanitizing', () => {
  it('keeps paragraphs, line breaks, bold and color spans', () => {
    const html =
      '<p dir="rtl">نص <strong>عريض</strong><br><b>b</b> <span style="color: #ff0000">red</span> <span style="color: rgb(1, 2, 3)">rgb</span></p>';
    expect(sanitizeRichText(html)).toBe(
      '<p dir="rtl">نص <strong>عريض</strong><br /><b>b</b> <span style="color:#ff0000">red</span> <span style="color:rgb(1, 2, 3)">rgb</span></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:alert(1)">link</a>', 'link'],
    ['<span style="color:red;background:url(javascript:alert(1))">x</span>', '<span style="color:red">x</span>'],
    ['<span style="position:fixed;top:0">x</span>', '<span>x</span>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://evil"></iframe>text', 'text'],
    ['<p style="color:red">x</p>', '<p>x</p>'],
    ['<em>i</em><u>u</u>', 'iu'],
  ])('removes what is not allowed: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('strips all markup from plain text', () => {
    expect(sanitizePlainText('<b>Bold</b> <script>x</script>name')).toBe('Bold name');
  });

  it('sanitizes the rich fields of nested JSON and leaves ids alone', () => {
    const value = {
      text: '<p onclick=x>Q</p>',
      options: [{ id: '<b>o1</b>', text: '<script>1</script>A' }],
      children: [{ text: '<img src=x>', mark: 2 }],
    };
    expect(sanitizeRichFields(value, new Set(['text']))).toEqual({
      text: '<p>Q</p>',
      options: [{ id: '<b>o1</b>', text: 'A' }],
      children: [{ text: '', mark: 2 }],
    });
  });
});
