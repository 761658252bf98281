import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attemptDelivery } from '../outbox/deliveries.service';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';

describe('account e-mail through the outbox (issue #11, decision 028)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A mail server that refuses everything.
    t = await createTestApp({
      mailer: () => ({
        kind: 'smtp',
        send: () => Promise.reject(new Error('554 transaction failed')),
        close: () => undefined,
      }),
    });
  });
  afterAll(() => t.close());

  const deliveriesOf = (userId: number) =>
    t.ctx.db.selectFrom('deliveries').selectAll().where('user_id', '=', userId).execute();

  it('answers a reset request Ok though the mail server fails, records the failure for the retry, and keeps no link once it fails for good', async () => {
    const user = await createUser(t.ctx);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/passwordreset/initiate',
      payload: { EmailAddress: user.email_address, TenantId: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await vi.waitFor(async () =>
      expect((await deliveriesOf(user.id)).map((d) => d.last_error)).toEqual([
        '554 transaction failed',
      ]),
    );
    const [queued] = await deliveriesOf(user.id);
    expect(queued).toMatchObject({
      kind: 'password-reset',
      channel: 'email',
      address: user.email_address,
      subject: 'Reset your CellWatch password',
      status: 'queued',
      has_secret: true,
    });
    expect(queued?.body).toContain('/resetpassword?');
    // The queue's last retry fails too: the link signs in as the user, so the record keeps no copy.
    await expect(
      attemptDelivery(t.ctx, { deliveryId: queued!.id, isLastAttempt: true }),
    ).rejects.toThrow('554 transaction failed');
    expect((await deliveriesOf(user.id))[0]).toMatchObject({
      status: 'failed',
      body: '',
      html_body: null,
    });
  });

  it('records a welcome e-mail for a new account, committed with it', async () => {
    const email = `outbox-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/RegistrationGateway.php',
      payload: {
        FirstName: 'dana',
        LastName: 'lee',
        EmailAddress: email,
        Password: 'a good password',
        ConfirmPassword: 'a good password',
        TenantId: 3,
      },
    });
    expect(response.statusCode).toBe(200);
    const userId = response.json<{ Id: number }>().Id;
    await vi.waitFor(async () =>
      expect((await deliveriesOf(userId)).map((d) => d.last_error)).toEqual([
        '554 transaction failed',
      ]),
    );
    const [delivery] = await deliveriesOf(userId);
    expect(delivery).toMatchObject({ kind: 'welcome', address: email, has_secret: false });
    expect(delivery?.body).toContain('Hello Dana,');
  });
});
