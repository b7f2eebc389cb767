import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { NoAccessMessage, PlatformPending } from '../generic';
import { usePlatformSelection } from '../platforms';
import { SelectedPlatform } from '../platforms';
import { QUESTION_PATHS, QUESTIONS_RESOURCE, useQuestionAccess } from './access';
import { QuestionForm } from './form/QuestionForm';
import { QuestionHeading } from './QuestionHeading';
import { useQuestionNotify } from './useQuestionNotify';

/** `/questions-bank/create`: a new question on the selected platform. */
export function QuestionCreate() {
  const access = useQuestionAccess();
  const selection = usePlatformSelection();
  const dataProvider = useDataProvider();
  const notify = useQuestionNotify();
  const navigate = useNavigate();
  const platformId = selection?.selected?.id ?? null;

  return (
    <>
      <QuestionHeading title="question_editor.create_title" />
      {!access.canCreate ? (
        <NoAccessMessage />
      ) : platformId === null ? (
        <PlatformPending />
      ) : (
        <>
          <SelectedPlatform />
          <QuestionForm
            platformId={platformId}
            save={(data) => dataProvider.create(QUESTIONS_RESOURCE, { data })}
            onSaved={() => {
              notify.created();
              navigate(QUESTION_PATHS.list);
            }}
            onFailed={notify.createError}
          />
        </>
      )}
    </>
  );
}
