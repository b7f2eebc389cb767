/**
 * What other screens reuse of the questions bank (the exam screens: create a question in place,
 * preview an exam's questions), without reaching into the folder's files.
 */
export { QuestionFormFields, type QuestionFormFieldsProps } from './form/QuestionFormFields';
export { QuestionFormMessage } from './form/QuestionFormMessage';
export { useQuestionForm, questionResolver, type QuestionForm } from './form/useQuestionForm';
export { newQuestionValues, questionFormValues, questionPayload } from './form/formValues';
export { QuestionPreview, type QuestionPreviewProps } from './preview/QuestionPreview';
export { ANSWER_VIEWS } from './preview/answerViews';
export { InertAnswer } from './preview/InertAnswer';
export { contentName, InterfaceText, isolate, useInterfaceLanguage } from './preview/interfaceText';
export { QuestionImage } from './preview/QuestionImage';
export { ANSWER_EDITORS, emptyDefinition, type AnswerEditorProps, type ErrorLookup } from './editors';
export { QUESTION_PATHS, QUESTIONS_RESOURCE, useQuestionAccess } from './access';
export type { PreviewQuestion, QuestionFormValues, QuestionRecord } from './types';
