import LockIcon from '@mui/icons-material/LockOutlined';
import { useTranslate } from 'react-admin';
import { MessagePage } from '../components/MessagePage';
import { usePageTitle } from '../components/usePageTitle';

/** Where a missing permission leads (SPEC section 6). */
export function RestrictedPage() {
  const translate = useTranslate();
  usePageTitle('restricted.title');
  return (
    <MessagePage
      testId="restricted-page"
      icon={<LockIcon fontSize="inherit" />}
      title={translate('restricted.title')}
      message={translate('errors.restricted')}
    />
  );
}
