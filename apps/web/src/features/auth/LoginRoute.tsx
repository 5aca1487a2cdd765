import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@servicedesk/api/provider';
import { LoginPage } from './LoginPage';

/**
 * The app's /auth/login route (reached by a router navigation: after a logout, the guard, an
 * expired countdown): {@link LoginPage} with the app's api client, the returnUrl of the URL and
 * a router navigation that replaces the login page. A fresh page load of /auth/login gets the
 * same page from the light sign-in entry instead (app/sign-in-entry.tsx, issue #19).
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useApiClient();
  return <LoginPage client={client} returnUrl={params.get('returnUrl')} navigate={(to) => void navigate(to, { replace: true })} />;
}
