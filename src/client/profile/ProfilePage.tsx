import LogoutIcon from '@mui/icons-material/Logout';
import { Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { Loading, useGetIdentity, useLogout, usePermissions, useTranslate } from 'react-admin';
import { usePageTitle } from '../components/usePageTitle';
import { isStudentHome, type ConsoleIdentity } from '../auth';
import { TwoStepSection } from './TwoStepSection';
import { AccessSummary } from './AccessSummary';
import { ChangeNameForm } from './ChangeNameForm';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /profile: change name and password, two-step sign-in (staff), see roles and permissions, log out. */
export function ProfilePage() {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity, isPending } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  usePageTitle('profile.title');
  const user = identity as ConsoleIdentity | undefined;
  if (isPending || !user) return <Loading />;

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('profile.title')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={6}>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('profile.information')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {translate('profile.email')}: <bdi>{user.email}</bdi>
              </Typography>
              <ChangeNameForm name={user.fullName} />
            </CardContent>
          </Card>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('profile.password_title')}
              </Typography>
              <ChangePasswordForm />
            </CardContent>
          </Card>
          {!isStudentHome(permissions ?? []) && (
            <Card>
              <CardContent>
                <TwoStepSection />
              </CardContent>
            </Card>
          )}
        </Grid>
        <Grid size={6}>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <AccessSummary roles={user.roles} permissions={permissions ?? []} />
            </CardContent>
          </Card>
          <Button
            variant="outlined"
            color="error"
            startIcon={<LogoutIcon className="flip-in-rtl" />}
            onClick={() => void logout()}
          >
            {translate('profile.logout')}
          </Button>
        </Grid>
      </Grid>
    </>
  );
}
