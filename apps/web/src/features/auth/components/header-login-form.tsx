import { useState } from 'react';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { LOGIN_SLOWED_NOTICE } from '@monitor/domain/accounts/login-throttle';
import { PasswordField } from '../../../components/ui/password-field';
import { useSignIn } from '../hooks/use-sign-in';
import { Form } from '../../../components/ui/form';

/**
 * The inline header login: both fields must be filled, else they are flagged; a failed sign-in
 * also announces its message (store-and-public-site §2 "Header", §5).
 */
export function HeaderLoginForm() {
  const { signIn, isSigningIn, error, clearError } = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const isFlagged = error !== null;

  return (
    <Form
      noValidate
      aria-label="Sign in"
      onSubmit={(event) => {
        event.preventDefault();
        void signIn({ username, password }).then((failure) => {
          if (failure) {
            // A later failure replaces the one still showing: its words may have changed.
            notifications.hide('header-sign-in-failed');
            notifications.show({
              id: 'header-sign-in-failed',
              color: 'red',
              title: 'Could not sign you in',
              message: failure.isSlowed
                ? `${failure.message} ${LOGIN_SLOWED_NOTICE}`
                : failure.message,
            });
          }
        });
      }}
    >
      <Group gap={8} wrap="nowrap">
        <TextInput
          aria-label="Email"
          placeholder="Email"
          type="email"
          autoComplete="username"
          size="sm"
          w={{ base: 170, xl: 200 }}
          value={username}
          error={isFlagged}
          aria-invalid={isFlagged || undefined}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            if (isFlagged) clearError();
          }}
        />
        <PasswordField
          aria-label="Password"
          placeholder="Password"
          autoComplete="current-password"
          size="sm"
          w={{ base: 150, xl: 170 }}
          value={password}
          error={isFlagged}
          aria-invalid={isFlagged || undefined}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (isFlagged) clearError();
          }}
        />
        <Button type="submit" size="sm" loading={isSigningIn}>
          Sign in
        </Button>
        <Stack gap={0}>
          <Anchor component={Link} to="/forgotpassword" size="xs" c="dimmed">
            Forgot password?
          </Anchor>
          <Anchor component={Link} to="/register" size="xs" c="dimmed">
            Register
          </Anchor>
        </Stack>
      </Group>
    </Form>
  );
}
