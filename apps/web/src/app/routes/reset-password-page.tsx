import { Navigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { usePageTitle } from '../../lib/use-page-title';
import { FormPage } from './form-page';

/** /resetpassword?id&expires&token: missing any of the three goes home (store-and-public-site §2). */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('id');
  const expires = searchParams.get('expires');
  const token = searchParams.get('token');
  if (!userId || !expires || !token) return <Navigate to="/" replace />;
  return (
    <FormPage title="Choose a new password" subtitle="Pick something you do not use anywhere else.">
      <ResetPasswordForm link={{ userId, expires, token }} />
    </FormPage>
  );
}
