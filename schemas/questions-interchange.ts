import { defineArea } from './vocabulary';

/**
 * Questions in and out (issue 27): the bank as a QTI 3.0 package or an Excel workbook, the Excel
 * template, and imports (QTI 3.0 and 2.x, Moodle XML, GIFT, Excel) as a dry run then a job, for
 * those who may create questions. Reached from the bank's list; the bank's own screens sit beside it
 * at /questions-bank/* (schemas/questions-bank.ts).
 */
const questionsInterchange = defineArea({
  name: 'questions-bank',
  pages: {
    interchange: {
      path: '/questions-bank/interchange',
      view: 'interchange/InterchangePage',
      access: ['questions-bank.create'],
    },
  },
});

export default questionsInterchange;
