import { useTranslate } from 'react-admin';
import type { ItemAnalysisReport } from '../../../common/contracts/index';
import { FigureCards, type Figure } from './FigureCards';
import { useStatisticFormat } from './useStatisticFormat';

/** The exam's figures as cards: attempts, spread, reliability (with its 95% interval) and SEM. */
export function ExamFigures({ exam }: { exam: ItemAnalysisReport['exam'] }) {
  const translate = useTranslate();
  const { number, interval } = useStatisticFormat();
  const figures: Figure[] = [
    ['attempts', number(exam.attempts, 0)],
    ['max', number(exam.max)],
    ['mean', number(exam.mean)],
    ['median', number(exam.median)],
    ['sd', number(exam.sd)],
    ['range', `${number(exam.min)} – ${number(exam.highest)}`],
    ['alpha', number(exam.alpha, 3), interval(exam.alpha_ci)],
    ['sem', number(exam.sem)],
  ];
  return (
    <FigureCards
      figures={figures}
      label={(key) => translate(`item_analysis.exam.${key}`)}
      cardTestId="exam-figure"
      gridTestId="exam-statistics"
      minWidth={160}
    />
  );
}
