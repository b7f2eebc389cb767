import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { HeaderBar } from './HeaderBar';

/** A way in for visitors; pointless on the login page itself. */
export function SignInButton() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  if (pathname === '/login') return null;
  return (
    <Button color="inherit" variant="outlined" component={RouterLink} to="/login">
      {translate('nav.sign_in')}
    </Button>
  );
}

/** The header of signed-out visitors: logo, language and sign in. */
export function PublicHeader() {
  return <HeaderBar end={<SignInButton />} />;
}
