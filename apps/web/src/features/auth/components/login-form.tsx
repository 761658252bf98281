import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { LOGIN_SLOWED_NOTICE } from '@monitor/domain/accounts/login-throttle';
import { PasswordField } from '../../../components/ui/password-field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { useSignIn } from '../hooks/use-sign-in';
import { Form } from '../../../components/ui/form';

/** The sign-in form of /login and of the home page reached with a redirect (store-and-public-site §4 "Login"). */
export function LoginForm() {
  const { signIn, isSigningIn, error, clearError, isSlowed } = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const isFlagged = error?.isFieldError ?? false;

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void signIn({ username, password });
      }}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<AlertIcon />}>
            {error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={username}
          error={isFlagged}
          aria-invalid={isFlagged || undefined}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            if (isFlagged) clearError();
          }}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={isFlagged}
          aria-invalid={isFlagged || undefined}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (isFlagged) clearError();
          }}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgotpassword" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={isSigningIn}>
          Sign in
        </Button>
        {isSlowed && (
          <Text size="sm" c="dimmed" role="status">
            {LOGIN_SLOWED_NOTICE}
          </Text>
        )}
        <Text size="sm" c="dimmed" ta="center">
          New here?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Register your account
          </Anchor>
        </Text>
      </Stack>
    </Form>
  );
}
