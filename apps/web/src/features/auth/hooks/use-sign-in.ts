import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { ApiError, errorMessageFor } from '../../../lib/api-client';
import { getLoginSource } from '../../../lib/mobile-app';
import { toSafeRedirect } from '../../../lib/safe-redirect';
import { startSession } from '../../../lib/session';
import { isStaff, STAFF_HOME_PATH } from '../../../lib/staff';
import { isSignInSlowedBy, useLoginMutation } from '../api/login';

/** `isSlowed`: the server said its last failure slows further sign-ins (decision 068). */
export type SignInError = { message: string; isFieldError: boolean; isSlowed: boolean };

/** The message for a failed login: 401 is a wrong e-mail or password (store-and-public-site §8 "Account entry"). */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return MESSAGES.invalidLogin;
  return errorMessageFor(error, MESSAGES.loginFailed);
}

/**
 * Signs in with e-mail and password. Both fields are required, else the fields are flagged with
 * 'Invalid username or password.'; success follows the `redirect` parameter or goes to /devices
 * (staff: the staff landing) and announces the login (store-and-public-site §4 "Login").
 */
export function useSignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mutation = useLoginMutation();
  const [error, setError] = useState<SignInError | null>(null);
  // As the server last said; an answer that says nothing (a 500, no network) leaves it as it was.
  const [isSlowed, setIsSlowed] = useState(false);

  async function signIn({
    username,
    password,
  }: {
    username: string;
    password: string;
  }): Promise<SignInError | null> {
    if (!username.trim() || !password) {
      const invalid = { message: MESSAGES.invalidLogin, isFieldError: true, isSlowed };
      setError(invalid);
      return invalid;
    }
    setError(null);
    try {
      const user = await mutation.mutateAsync({
        username: username.trim(),
        password,
        source: getLoginSource(),
      });
      if (!user.AccessToken) throw new ApiError(500, 'The sign-in answer had no access token.');
      startSession({ user, apiToken: user.AccessToken });
      notifications.show({
        title: 'Signed in',
        message: `Welcome back, ${user.FirstName}.`,
        color: 'teal',
      });
      // Staff land on their tools (decision 023), customers on their devices.
      const home = isStaff(user) ? STAFF_HOME_PATH : '/devices';
      await navigate(toSafeRedirect(searchParams.get('redirect')) ?? home, { replace: true });
      return null;
    } catch (caught) {
      const isWrongCredentials = caught instanceof ApiError && caught.status === 401;
      const isSlowedNow = isSignInSlowedBy(caught) ?? isSlowed;
      setIsSlowed(isSlowedNow);
      const failed = {
        message: signInErrorMessage(caught),
        isFieldError: isWrongCredentials,
        isSlowed: isSlowedNow,
      };
      setError(failed);
      return failed;
    }
  }

  return {
    signIn,
    isSigningIn: mutation.isPending,
    error,
    clearError: () => setError(null),
    isSlowed,
  };
}
