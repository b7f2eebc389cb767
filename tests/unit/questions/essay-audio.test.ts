import { describe, expect, it } from 'vitest';
import { countWords, exceedsWordLimit, scoreAnswer, validateAnswer } from '../../../src/common/questions';
import { CORRECT, DEFINITIONS, issuesOf } from './fixtures';

describe('countWords', () => {
  it.each([
    ['empty', '', 0],
    ['spaces only', '   \n\t ', 0],
    ['English', 'The quick brown fox', 4],
    ['English punctuation splits', 'one,two;three.four!five?six', 6],
    ['apostrophes stay inside a word', "don't stop", 2],
    ['numbers with separators are one word', '3.5 and 1,000 and ٣٫٥', 5],
    ['Arabic', 'ذهب الولد إلى المدرسة', 4],
    ['Arabic with diacritics', 'ذَهَبَ الوَلَدُ إِلَى المَدْرَسَةِ', 4],
    ['Arabic with shadda and tanwin', 'محمّدٌ رسولٌ', 2],
    ['Arabic punctuation splits', 'نعم،لا؛ربما؟حسنا', 4],
    ['Arabic punctuation with spaces', 'كتبت الدرس ، ثم نمت ؛ هل تعلم ؟', 6],
    ['tatweel does not split', 'كـــتاب جمـيل', 2],
    ['zero-width non-joiner does not split', 'می\u200Cخواهم', 1],
    ['mixed Arabic and English', 'أحب learning اللغة العربية with friends', 6],
    ['Arabic-Indic digits', 'عندي ٣ كتب', 3],
    ['HTML paragraphs split words', '<p>first</p><p>second</p>', 2],
    ['inline tags do not split', '<p>wo<b>rd</b> <span style="color:red">two</span></p>', 2],
    ['line breaks split', 'one<br>two<br/>three', 3],
    ['entities', 'salt&nbsp;&amp;&nbsp;pepper', 2],
    ['Arabic HTML', '<p><b>الدرسُ</b> الأوّل،<br>والثاني</p>', 3],
  ])('%s', (_name, text, expected) => {
    expect(countWords(text)).toBe(expected);
  });

  it('tolerates a non-string', () => {
    expect(countWords(undefined as unknown as string)).toBe(0);
  });
});

describe('essay', () => {
  const def = DEFINITIONS.essay;

  it('needs a human for an answered essay, under both mark options', () => {
    for (const option of ['all_or_nothing', 'partial']) {
      expect(scoreAnswer('essay', def, CORRECT.essay, 5, option)).toEqual({ score: 0, max: 5, needs_manual: true });
    }
  });

  it('an empty essay needs no human', () => {
    for (const answer of [null, {}, { text: '' }, { text: '<p><br></p>' }, { text: '   ' }]) {
      expect(scoreAnswer('essay', def, answer, 5, 'partial')).toEqual({
        score: 0,
        max: 5,
        needs_manual: false,
        reason: 'empty',
      });
    }
  });

  it('refuses a non-string or a huge text as malformed', () => {
    for (const answer of [{ text: 42 }, { text: ['a'] }, { text: 'word '.repeat(20_001) }, { text: 'a', words: 1 }]) {
      expect(scoreAnswer('essay', def, answer, 5, 'partial')).toEqual({
        score: 0,
        max: 5,
        needs_manual: false,
        reason: 'malformed',
      });
    }
  });

  it('refuses an answer over the word limit when delivered', () => {
    const long = { text: 'كَتَبَ الطالبُ الدرسَ، ثم قرأه؟ well' };
    expect(exceedsWordLimit(def, CORRECT.essay)).toBe(false);
    expect(exceedsWordLimit(def, long)).toBe(true);
    expect(validateAnswer('essay', def, CORRECT.essay)).toEqual([]);
    expect(validateAnswer('essay', def, long)).toEqual([
      { path: ['text'], message: 'questions.answer_word_limit', params: { max: 5 } },
    ]);
    expect(validateAnswer('essay', def, { text: 7 })).toEqual([{ path: [], message: 'questions.answer_invalid' }]);
    expect(validateAnswer('essay', def, null)).toEqual([]);
  });

  it('needs a maximum of 1 to 5000 words', () => {
    expect(issuesOf('essay', { max_words: 1 })).toEqual([]);
    expect(issuesOf('essay', { max_words: 5000 })).toEqual([]);
    for (const max_words of [0, -3, 1.5, 5001, '10', null]) {
      expect(issuesOf('essay', { max_words })).toEqual([
        { path: ['max_words'], message: 'questions.max_words_invalid' },
      ]);
    }
    expect(issuesOf('essay', {})).toEqual([{ path: ['max_words'], message: 'questions.max_words_invalid' }]);
  });
});

describe('audio response', () => {
  const def = DEFINITIONS.audio_response;

  it('needs a human for a recording, under both mark options', () => {
    for (const option of ['all_or_nothing', 'partial']) {
      expect(scoreAnswer('audio_response', def, CORRECT.audio_response, 4, option)).toEqual({
        score: 0,
        max: 4,
        needs_manual: true,
      });
    }
    expect(
      scoreAnswer('audio_response', def, { media: 'abc123.webm', duration_seconds: 3 }, 4, 'partial').needs_manual,
    ).toBe(true);
  });

  it('treats no recording as empty', () => {
    for (const answer of [null, {}, { media: '' }, { media: null, duration_seconds: 0 }]) {
      expect(scoreAnswer('audio_response', def, answer, 4, 'partial')).toEqual({
        score: 0,
        max: 4,
        needs_manual: false,
        reason: 'empty',
      });
    }
  });

  it('refuses unsafe references and bad durations as malformed', () => {
    const bad = [
      { media: '../secret.webm', duration_seconds: 3 },
      { media: '/etc/passwd', duration_seconds: 3 },
      { media: 'https://evil.example/a.webm', duration_seconds: 3 },
      { media: 'media/./a.webm', duration_seconds: 3 },
      { media: 'x'.repeat(501), duration_seconds: 3 },
      { media: 'a.webm', duration_seconds: -1 },
      { media: 'a.webm', duration_seconds: '3' },
      { media: 'a.webm' },
    ];
    for (const answer of bad)
      expect(scoreAnswer('audio_response', def, answer, 4, 'partial')).toMatchObject({
        score: 0,
        reason: 'malformed',
        needs_manual: false,
      });
  });

  it('refuses a recording longer than the maximum, with one second of slack', () => {
    expect(validateAnswer('audio_response', def, { media: 'a.webm', duration_seconds: 61 })).toEqual([]);
    expect(validateAnswer('audio_response', def, { media: 'a.webm', duration_seconds: 61.2 })).toEqual([
      { path: ['duration_seconds'], message: 'questions.answer_duration_limit', params: { max: 60 } },
    ]);
  });

  it('needs a maximum duration of 1 to 300 seconds', () => {
    expect(issuesOf('audio_response', { max_duration_seconds: 300 })).toEqual([]);
    for (const max_duration_seconds of [0, 301, 2.5, '60', undefined]) {
      expect(issuesOf('audio_response', { max_duration_seconds })).toEqual([
        { path: ['max_duration_seconds'], message: 'questions.max_duration_invalid' },
      ]);
    }
  });
});
