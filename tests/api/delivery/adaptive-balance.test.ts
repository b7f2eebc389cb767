import { describe, expect, it } from 'vitest';
import { call } from '../../helpers/api-client';
import { answerAt, sitTest } from '../../helpers/adaptive-scene';
import { buildExamLookups, examBody, type ExamInput } from '../../helpers/exam-factory';
import { invalid } from '../../helpers/invalid';
import { buildTwoOutcomeScene } from '../../helpers/two-outcome-scene';
import { author, registry, t, useStudentExamApp } from './student-exam-scene';

/**
 * Content balance of an adaptive exam (issue 43, Kingsbury–Zara on the exam form): the easier half
 * of the pool is one learning outcome, the harder half another, so a strong student would get the
 * hard outcome only; with the exam's content balance on, each test holds both in the pool's shares.
 */
useStudentExamApp();

/** Twelve questions at least, the hard half of the pool on a second outcome. */
const scene = (content: 'none' | 'outcomes') =>
  buildTwoOutcomeScene(t.app, t.db, registry, author, {
    exam: {
      adaptive_min_questions: 12,
      adaptive_max_questions: 40,
      adaptive_se_target: 0.6,
      adaptive_content: content,
    },
  });

describe("an adaptive exam's content balance", () => {
  it("gives a strong student both learning outcomes in the pool's shares, where without it the hard one only", async () => {
    const balanced = await scene('outcomes');
    const { given } = await sitTest(balanced.s.student(0), answerAt(balanced.s, 1.8));
    expect(given.length).toBeGreaterThanOrEqual(12);
    expect(Math.abs(balanced.hard(given) - given.length / 2)).toBeLessThanOrEqual(1);

    const free = await scene('none');
    const unbalanced = await sitTest(free.s.student(0), answerAt(free.s, 1.8));
    expect(free.hard(unbalanced.given)).toBeGreaterThanOrEqual(unbalanced.given.length - 2);
  });

  it('is saved by the exam form (none by default) and refused outside its choices', async () => {
    const l = await buildExamLookups(t.db, registry);
    const post = (overrides: Partial<ExamInput>) =>
      call(t.app, 'POST', '/api/exams', examBody(l, overrides), { cookie: author });
    const plain = await post({ delivery_mode: 'adaptive' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.adaptive_content).toBe('none');
    const balanced = await post({ delivery_mode: 'adaptive', adaptive_content: 'outcomes' });
    expect(balanced.json().data.adaptive_content).toBe('outcomes');
    const refused = await post({
      delivery_mode: 'adaptive',
      adaptive_content: invalid<ExamInput['adaptive_content']>('everything'),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['adaptive_content']);
  });
});
