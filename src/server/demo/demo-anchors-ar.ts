import type { DemoQuestion } from './demo-questions-data';
import { p } from './demo-questions-data';

/**
 * Short reading questions both rounds of the Grade 5 reading benchmark share: with the benchmark's
 * own reading questions they are the anchors that link round 2 to round 1 on the reading scale.
 */
const statement = (text: string, correct: boolean): DemoQuestion => ({
  kind: 'true_false',
  skill: 'reading',
  mark: 1,
  markOption: 'all_or_nothing',
  text: p(`اقرأ الجملة ثم احكم عليها: «${text}».`),
  answerKey: { correct },
});

export const READING_ANCHORS: DemoQuestion[] = [
  statement('يشرب النبات الماء من جذوره', true),
  statement('الأسبوع ثمانية أيام', false),
  statement('النحلة تصنع العسل', true),
  statement('يسكن السمك في الصحراء', false),
  statement('نقرأ الكتاب لنتعلم أشياء جديدة', true),
  statement('القمر يضيء في النهار فقط', false),
];
