import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslate } from 'react-admin';
import { MessagePage } from '../components/MessagePage';
import { usePageTitle } from '../components/usePageTitle';

/** Any unknown path, signed in or not. */
export function NotFoundPage() {
  const translate = useTranslate();
  usePageTitle('not_found.title');
  return (
    <MessagePage
      testId="not-found-page"
      icon={<SearchOffIcon fontSize="inherit" />}
      title={translate('not_found.title')}
      message={translate('not_found.message')}
    />
  );
}
