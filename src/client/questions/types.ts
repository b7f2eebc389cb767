import type questionsBank from '../../../schemas/questions-bank';
import type { FormValuesOf, RecordOf } from '../../common/declarations';

/** A bank question as `GET /api/questions-bank/{id}` returns it: its declaration's record. */
export type QuestionRecord = RecordOf<typeof questionsBank>;

/** The form's values: the authored fields, with ids and numbers possibly still empty. */
export type QuestionFormValues = Omit<FormValuesOf<typeof questionsBank>, 'platform_id' | 'id'>;

/** What the preview endpoint returns (`GET /api/questions-bank/{id}/preview`): no answer key. */
export type { PreviewQuestion } from '../providers/questionMethods';
