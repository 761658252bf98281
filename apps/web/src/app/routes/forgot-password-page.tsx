import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { MailboxHint } from '../../features/mailbox/components/mailbox-hint';
import { usePageTitle } from '../../lib/use-page-title';
import { FormPage } from './form-page';

/** /forgotpassword (store-and-public-site §2 "Forgot-password page"). */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password?');
  return (
    <FormPage
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new one."
      footer={<MailboxHint />}
    >
      <ForgotPasswordForm />
    </FormPage>
  );
}
