import { describe, expect, it } from 'vitest';
import { normaliseAnswerText, sameAnswerText } from '../../../src/common/questions';

describe('normaliseAnswerText', () => {
  it.each([
    ['alef with hamza above', 'أحمد', 'احمد'],
    ['alef with hamza below', 'إسلام', 'اسلام'],
    ['alef with madda', 'آمن', 'امن'],
    ['alef wasla', 'ٱلكتاب', 'الكتاب'],
    ['decomposed alef with hamza (NFC first)', 'ا\u0654حمد', 'احمد'],
    ['taa marbuta', 'مدرسة', 'مدرسه'],
    ['alef maqsura', 'على', 'علي'],
    ['hamza on waw', 'مؤمن', 'مومن'],
    ['hamza on yaa', 'سائل', 'سايل'],
    ['fatha, damma, kasra', 'كَتَبَ', 'كتب'],
    ['tanwin and shadda', 'محمّدٌ', 'محمد'],
    ['sukun', 'قُلْ', 'قل'],
    ['superscript alef', 'هٰذا', 'هذا'],
    ['tatweel', 'كـــتاب', 'كتاب'],
    ['Arabic-Indic digits', '٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['Eastern Arabic-Indic digits', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['direction marks and zero-width characters', '\u200Fمدرسة\u200B\uFEFF', 'مدرسه'],
    ['spaces around and inside Arabic', '  ذهب   الولد\t\n', 'ذهب الولد'],
    ['everything at once', ' إِلَى الْمَدْرَسَةِ ٢ ', 'الي المدرسه 2'],
  ])('%s', (_name, input, expected) => {
    expect(normaliseAnswerText(input)).toBe(expected);
  });

  it.each([
    ['upper case', 'CAIRO', 'cairo'],
    ['mixed case', 'New York', 'new york'],
    ['leading and trailing spaces', '  Paris  ', 'paris'],
    ['runs of spaces, tabs and newlines', 'the\t  big\n\ndog', 'the big dog'],
    ['non-breaking space', 'ice\u00A0cream', 'ice cream'],
    ['punctuation is kept', "don't", "don't"],
    ['empty', '   ', ''],
  ])('English: %s', (_name, input, expected) => {
    expect(normaliseAnswerText(input)).toBe(expected);
  });

  it('compares two answers once normalised', () => {
    expect(sameAnswerText('الْمَدْرَسَةُ', 'المدرسه')).toBe(true);
    expect(sameAnswerText('Cairo', 'Giza')).toBe(false);
    expect(sameAnswerText('كتب', 'كتاب')).toBe(false);
  });
});
