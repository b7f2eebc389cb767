import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { scoreAnswer } from '../../../src/common/questions';
import { qtiPackage } from '../../../src/server/interchange/qti/qti-package-writer';
import { readQti } from '../../../src/server/interchange/qti/qti-package-reader';
import type { ExportQuestion } from '../../../src/server/interchange/qti/qti-item-writer';
import { qtiSchemaProblems } from '../../helpers/qti-schemas';

/**
 * A reordering that accepts another order (issue 41: "يقرأ أحمدُ قصةً جميلةً" and "أحمدُ يقرأ قصةً
 * جميلةً") leaves in QTI 3.0 with that order in its scoring, valid against 1EdTech's schema, and
 * comes back with it, under both mark options.
 */
const key = {
  items: [
    { id: 'r1', text: '<p>يقرأ</p>' },
    { id: 'r2', text: '<p>أحمدُ</p>' },
    { id: 'r3', text: '<p>قصةً</p>' },
    { id: 'r4', text: '<p>جميلةً</p>' },
  ],
  also_accepted: [['r2', 'r1', 'r3', 'r4']],
};
const question = (markOption: 'partial' | 'all_or_nothing', identifier: string): ExportQuestion => ({
  identifier,
  text: '<p>رتّب الكلمات الآتية لتكوّن جملة مفيدة.</p>',
  content_language: 'ar',
  answer_type: 'reordering',
  answer_key: key,
  mark: 4,
  mark_option: markOption,
  media_type: 'none',
  media: null,
  media_replay_count: 0,
  instruction_audio: null,
});

describe('a reordering with other accepted orders in QTI 3.0', () => {
  it('keeps the other order both ways, in a package the schema accepts', async () => {
    const made = qtiPackage({
      identifier: 'orders',
      questions: [question('all_or_nothing', 'Q1'), question('partial', 'Q2')].map((q) => ({
        question: q,
        metadata: {},
      })),
      media: new Map(),
    });
    const files = unzipSync(made);
    const xml = Object.entries(files)
      .filter(([name]) => name.endsWith('.xml') && name !== 'imsmanifest.xml')
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(xml).toContain('<qti-or>');
    expect(xml).toContain('<qti-max>');
    expect(await qtiSchemaProblems(files)).toEqual([]);
    const read = readQti(made);
    expect(read.items.map((item) => item.problems)).toEqual([[], []]);
    for (const item of read.items) {
      const back = item.question!.answer_key as typeof key;
      expect(back.items.map((it) => it.id)).toEqual(['r1', 'r2', 'r3', 'r4']);
      expect(back.also_accepted).toEqual([['r2', 'r1', 'r3', 'r4']]);
      // Scored here as the package scores it: the other order in full, the closest order for partial.
      expect(
        scoreAnswer('reordering', back, { order: ['r2', 'r1', 'r3', 'r4'] }, 4, item.question!.mark_option).score,
      ).toBe(4);
    }
  }, 60_000);
});
