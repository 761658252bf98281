import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RegistrationForm } from '../../features/auth/components/registration-form';
import { usePageTitle } from '../../lib/use-page-title';
import { FormPage } from './form-page';

/** /register (store-and-public-site §2 "Registration page"); success goes to /devices/add. */
export function RegisterPage() {
  usePageTitle('Create your account');
  return (
    <FormPage
      title="Create your account"
      subtitle="Then register your monitor and choose who gets alerts."
      width={640}
      footer={
        <Text size="sm" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in instead
          </Anchor>
        </Text>
      }
    >
      <RegistrationForm />
    </FormPage>
  );
}
