import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo customer the demo fleet belongs to (apps/server/src/platform/config/demo-accounts.ts). */
export const DEMO = { email: 'demo@example.com', password: 'demo-password' };

/**
 * Signs in through the login page and waits to land: on /devices for a customer, or anywhere but
 * /login when `landing` is null (staff land on their tools).
 */
export async function signIn(
  page: Page,
  { email, password }: { email: string; password: string } = DEMO,
  { landing = /\/devices$/ }: { landing?: RegExp | null } = {},
): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  if (landing) await expect(page).toHaveURL(landing);
  else await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in through the API, as the web app does: the customer's id and the headers that carry the
 * session's token, for journeys that set up their world by calls.
 */
export async function signInByApi(
  request: APIRequestContext,
  { email, password }: { email: string; password: string } = DEMO,
): Promise<{ userId: number; headers: Record<string, string> }> {
  const answer = await request.post('/LoginGateway.php', { data: { username: email, password } });
  expect(answer.ok()).toBe(true);
  // The answer is the User, its session's token on it.
  const user = (await answer.json()) as { AccessToken: string; Id: number };
  return { userId: user.Id, headers: { authorization: `Bearer ${user.AccessToken}` } };
}
