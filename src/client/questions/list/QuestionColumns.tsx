import { useRecordContext } from 'react-admin';
import { plainText } from '../../../common/questions';
import type { QuestionRecord } from '../types';

const EXCERPT = 90;

/** The question text as a plain excerpt: the list never renders stored HTML. */
export function TextExcerptField() {
  const record = useRecordContext<QuestionRecord>();
  const text = plainText(record?.text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return (
    <span dir="auto" title={text}>
      {text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text}
    </span>
  );
}
