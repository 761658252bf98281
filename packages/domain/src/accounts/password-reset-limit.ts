/**
 * Password-reset e-mails are limited so the forgot-password form cannot flood one mailbox, nor
 * send mail to many addresses from one client (issue #2). Over a limit the call still answers Ok,
 * so the answer reveals nothing about the account, but no e-mail goes out.
 */

/** Reset e-mails one e-mail address (account) receives at most in any window. */
export const PASSWORD_RESET_MAILS_PER_EMAIL = 3;
/** Reset e-mails one client address may cause at most in any window, to any accounts. */
export const PASSWORD_RESET_MAILS_PER_CLIENT = 10;
/** The sliding window both limits count over. */
export const PASSWORD_RESET_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/** When earlier reset e-mails were sent: to this e-mail address, and on requests from this client address. */
export type PasswordResetHistory = {
  sentToEmail: readonly Date[];
  sentForClient: readonly Date[];
};

export type PasswordResetVerdict =
  { action: 'send' } | { action: 'skip'; limit: 'email' | 'client' };

/** Sends before this instant no longer count at `now` (issue #2). */
export function computePasswordResetWindowStart(now: Date): Date {
  return new Date(now.getTime() - PASSWORD_RESET_LIMIT_WINDOW_MS);
}

/**
 * Whether another reset e-mail may go out at `now`: at most 3 to one e-mail address and 10 for one
 * client address in any hour (issue #2). Sends older than the window are ignored, so the caller
 * may pass more history than needed.
 */
export function assessPasswordResetRequest(
  history: PasswordResetHistory,
  now: Date,
): PasswordResetVerdict {
  const windowStart = computePasswordResetWindowStart(now).getTime();
  const countRecent = (sends: readonly Date[]) =>
    sends.filter((sentAt) => sentAt.getTime() > windowStart).length;
  if (countRecent(history.sentToEmail) >= PASSWORD_RESET_MAILS_PER_EMAIL) {
    return { action: 'skip', limit: 'email' };
  }
  if (countRecent(history.sentForClient) >= PASSWORD_RESET_MAILS_PER_CLIENT) {
    return { action: 'skip', limit: 'client' };
  }
  return { action: 'send' };
}
