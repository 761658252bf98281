import { LoginForm } from '../../features/auth/components/login-form';
import { usePageTitle } from '../../lib/use-page-title';
import { FormPage } from './form-page';

/** /login (accounts-devices-billing §2): the optional redirect parameter is followed after success. */
export function LoginPage() {
  usePageTitle('Sign in');
  return (
    <FormPage title="Sign in" subtitle="Welcome back. Sign in to see your devices.">
      <LoginForm />
    </FormPage>
  );
}
