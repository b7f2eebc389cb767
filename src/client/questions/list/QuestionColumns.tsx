import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { plainText } from '../../../common/questions';
import { nameOf } from '../../i18n/recordName';
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

export function AnswerTypeField() {
  const record = useRecordContext<QuestionRecord>();
  const translate = useTranslate();
  return record?.answer_type ? <span>{translate(`question_editor.kinds.${record.answer_type}`)}</span> : null;
}

export function SkillField() {
  const record = useRecordContext<QuestionRecord>();
  const [language] = useLocaleState();
  const skill = record?.skill;
  return skill ? <span>{nameOf(skill, language)}</span> : null;
}

export function MarkField() {
  const record = useRecordContext<QuestionRecord>();
  const [language] = useLocaleState();
  return typeof record?.mark === 'number' ? <span>{new Intl.NumberFormat(language).format(record.mark)}</span> : null;
}
