import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES } from '../../../src/common/questions/registry';
import { sanitizeRichFields } from '../../../src/server/questions/sanitize-rich-text';
import { RICH_TEXT_KEYS, PLAIN_TEXT_KEYS } from '../../../src/server/questions/sanitize-keys';
import { ARABIC_QUESTIONS } from '../../../src/server/demo/demo-questions-ar';
import { ENGLISH_QUESTIONS } from '../../../src/server/demo/demo-questions-en';
import { unzipSync, zipSync } from 'fflate';
import { qtiPackage } from '../../../src/server/interchange/qti/qti-package-writer';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';
import type { ExportQuestion } from '../../../src/server/interchange/qti/qti-item-writer';

const clean = <T>(value: T): T => sanitizeRichFields(value, RICH_TEXT_KEYS, PLAIN_TEXT_KEYS);

function questions(): ExportQuestion[] {
  return [
    ...ENGLISH_QUESTIONS.map((q) => ({ q, language: 'en' as const })),
    ...ARABIC_QUESTIONS.map((q) => ({ q, language: 'ar' as const })),
  ].map(({ q, language }, i) => ({
    identifier: `Q${i + 1}`,
    text: clean({ text: q.text }).text,
    content_language: language,
    answer_type: q.kind,
    answer_key: clean(q.answerKey),
    mark: q.mark,
    mark_option: q.markOption,
    media_type: q.media === 'picture' ? 'image' : q.media === 'tones' ? 'audio' : 'none',
    media: q.media === 'picture' ? 'media/picture.png' : q.media === 'tones' ? 'media/tones.mp3' : null,
    media_replay_count: q.replays ?? 0,
    instruction_audio: null,
  }));
}

describe('QTI 3.0 packages made here', () => {
  it('bring every demo question back as it left, in both languages', () => {
    const source = questions();
    expect(new Set(source.map((q) => q.answer_type)).size).toBe(10);
    const media = new Map([
      ['media/picture.png', new Uint8Array([1, 2, 3])],
      ['media/tones.mp3', new Uint8Array([4, 5, 6])],
    ]);
    const file = readQti(
      qtiPackage({ identifier: 'bank', questions: source.map((question) => ({ question, metadata: {} })), media }),
    );
    expect(file.format).toBe('qti3');
    expect(file.items).toHaveLength(source.length);
    file.items.forEach((item, i) => {
      const q = source[i];
      expect(item.problems, item.identifier).toEqual([]);
      expect(item.unsupported).toBeUndefined();
      expect(item.identifier).toBe(q.identifier);
      expect(clean(item.question)).toEqual({
        text: q.text,
        content_language: q.content_language,
        answer_type: q.answer_type,
        answer_key: q.answer_key,
        mark: q.mark,
        mark_option: q.mark_option,
        media_type: q.media_type,
        media_replay_count: q.media_replay_count,
      });
      expect(item.media).toBe(q.media ?? undefined);
      expect(ANSWER_TYPES[q.answer_type].definition.safeParse(item.question!.answer_key).success).toBe(true);
    });
    expect(file.media.get('media/picture.png')).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('still read packages made before the schema rules (data-* limits, classes on the stimulus body)', () => {
    const source = questions();
    const media = new Map([
      ['media/picture.png', new Uint8Array([1, 2, 3])],
      ['media/tones.mp3', new Uint8Array([4, 5, 6])],
    ]);
    const made = qtiPackage({
      identifier: 'bank',
      questions: source.map((question) => ({ question, metadata: {} })),
      media,
    });
    const files = unzipSync(made);
    let rewritten = 0;
    for (const name of Object.keys(files).filter((n) => n.endsWith('.xml') && n !== 'imsmanifest.xml')) {
      const xml = new TextDecoder().decode(files[name]);
      const old = xml
        .replace(/class="ltm-max-words-(\d+)"/g, 'data-max-words="$1"')
        .replace(/class="ltm-max-duration-(\d+)"/g, 'data-max-duration="$1"')
        .replace(/class="ltm-max-plays-(\d+)"/g, 'data-max-plays="$1"')
        .replace(/controls="true"/g, 'controls="controls"')
        .replace(/<div class="ltm-media">([\s\S]*?)<\/div>/g, '$1')
        .replace(
          /<qti-stimulus-body><div dir="(\w+)" class="ltm-stimulus ([\w-]+)">/,
          '<qti-stimulus-body dir="$1" class="$2">',
        )
        .replace('</div></qti-stimulus-body>', '</qti-stimulus-body>');
      if (old !== xml) rewritten += 1;
      files[name] = new TextEncoder().encode(old);
    }
    expect(rewritten).toBeGreaterThan(2);
    const stimuli = Object.keys(files).filter((n) => n.startsWith('stimuli/'));
    expect(stimuli.length).toBeGreaterThan(0);
    for (const name of stimuli)
      expect(new TextDecoder().decode(files[name])).toMatch(/<qti-stimulus-body dir="\w+" class="ltm-mark/);
    const before = readQti(made).items.map((item) => item.question);
    const after = readQti(zipSync(files)).items.map((item) => item.question);
    expect(after).toEqual(before);
    expect(after.some((q) => (q?.media_replay_count ?? 0) > 0)).toBe(true);
  });
});
