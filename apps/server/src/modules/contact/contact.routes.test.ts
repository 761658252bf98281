import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TEST_RATE_LIMITS } from '../../../test/helpers/test-app';
import { INVALID_CONTACT_PHONE } from './contact.service';

const contact = (extra: Record<string, unknown> = {}) => ({
  TenantId: 2,
  Name: 'Casey Contact',
  Email: 'Casey@Example.com',
  Phone: '(585) 555-0142',
  State: 'NY',
  Country: 'USA',
  Message: 'Does the monitor work in a barn <with no Wi-Fi>?',
  ...extra,
});

describe('the contact form (store-and-public-site §2 "Contact page", §3 "Contact", §5, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (body: object) => t.app.inject({ method: 'POST', url: '/api/contactus', body });
  const rows = () => t.ctx.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

  it('stores the message without a token, the phone with a leading 1 (§5)', async () => {
    const response = await send(contact());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await rows()).toEqual([
      expect.objectContaining({
        tenant_id: 2,
        name: 'Casey Contact',
        email_address: 'casey@example.com',
        phone: '15855550142',
        state: 'NY',
        country: 'USA',
        message: 'Does the monitor work in a barn <with no Wi-Fi>?',
      }),
    ]);
  });

  it("e-mails it to the brand's support address with who wrote, the phone formatted to call back (issue #24), and the message word for word", async () => {
    const brand = t.ctx.brands[2];
    await expect.poll(() => t.sentMail.filter((mail) => mail.to === brand.email)).toHaveLength(1);
    const mail = t.sentMail.find((sent) => sent.to === brand.email);
    expect(mail?.subject).toBe('Contact page: Casey Contact');
    expect(mail?.text).toBe(
      [
        `A message from the ${brand.name} contact page.`,
        '',
        'From: Casey Contact <casey@example.com>',
        'Phone: (585) 555-0142',
        'State: NY',
        'Country: USA',
        '',
        'Does the monitor work in a barn <with no Wi-Fi>?',
      ].join('\n'),
    );
    // The visitor's words are text in the HTML part, never markup.
    expect(mail?.html).toContain('barn &lt;with no Wi-Fi&gt;?');
    expect(mail?.html).not.toContain('<with no Wi-Fi>');
  });

  it("sends each brand's message to that brand's address", async () => {
    const before = t.sentMail.length;
    expect((await send(contact({ TenantId: 5, Phone: null }))).statusCode).toBe(200);
    await expect.poll(() => t.sentMail.length).toBe(before + 1);
    expect(t.sentMail.at(-1)?.to).toBe(t.ctx.brands[5].email);
    expect(t.sentMail.at(-1)?.text).toContain('Phone: not given');
  });

  it('accepts 11 digits with a leading country digit, and no phone at all (§5)', async () => {
    expect((await send(contact({ Phone: '1-585-555-0143' }))).statusCode).toBe(200);
    expect((await send(contact({ Phone: '' }))).statusCode).toBe(200);
    const { Phone: _omitted, ...withoutPhone } = contact();
    expect((await send(withoutPhone)).statusCode).toBe(200);
    expect((await rows()).slice(-3).map((row) => row.phone)).toEqual(['15855550143', null, null]);
  });

  it('refuses a phone that is not 10 or 11 digits with a 400 and stores nothing (§5)', async () => {
    const before = (await rows()).length;
    const mailBefore = t.sentMail.length;
    for (const Phone of ['555-0142', '585 555 01422 1', 'call me']) {
      const response = await send(contact({ Phone }));
      expect(response.statusCode, Phone).toBe(400);
      expect(response.json()).toEqual({ error: { code: 400, message: INVALID_CONTACT_PHONE } });
    }
    expect(await rows()).toHaveLength(before);
    expect(t.sentMail).toHaveLength(mailBefore);
  });

  it('refuses a message without a name, a valid e-mail, a message or a tenant 1 to 6 (submitted only when valid, §5)', async () => {
    const before = (await rows()).length;
    for (const body of [
      contact({ Name: '  ' }),
      contact({ Email: 'not an address' }),
      contact({ Message: '' }),
      contact({ TenantId: 7 }),
      contact({ Unknown: 'field' }),
      contact({ Message: 'x'.repeat(4001) }),
    ]) {
      expect((await send(body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await rows()).toHaveLength(before);
  });
});

describe('the news sign-up (store-and-public-site §3 "Interested customer", §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/interestedcustomers', body });
  const rows = () =>
    t.ctx.db.selectFrom('interested_customers').selectAll().orderBy('id').execute();

  it('stores one row per address and tenant: signing up twice answers 200 both times', async () => {
    expect((await signUp({ EmailAddress: 'news@example.com', TenantId: 3 })).statusCode).toBe(200);
    const again = await signUp({ EmailAddress: ' NEWS@example.com ', TenantId: '3' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    expect(await rows()).toEqual([
      expect.objectContaining({ tenant_id: 3, email_address: 'news@example.com' }),
    ]);
  });

  it('keeps a sign-up to another brand apart', async () => {
    expect((await signUp({ EmailAddress: 'news@example.com', TenantId: 4 })).statusCode).toBe(200);
    expect((await rows()).map((row) => row.tenant_id)).toEqual([3, 4]);
  });

  it('refuses an address that is not one, or a missing tenant, with a 400', async () => {
    for (const body of [
      { EmailAddress: 'nope', TenantId: 3 },
      { EmailAddress: 'a@example.com' },
      { EmailAddress: 'a@example.com', TenantId: 0 },
    ])
      expect((await signUp(body)).statusCode).toBe(400);
    expect(await rows()).toHaveLength(2);
  });
});

describe('contact and news sign-up limit (RATE_LIMIT_STORE_WRITES)', () => {
  it('limits each per client address, even with a good body', async () => {
    const t = await createTestApp({
      config: {
        rateLimits: {
          ...TEST_RATE_LIMITS,
          anonymousCalls: 100,
          login: 100,
          registration: 100,
          passwordReset: 100,
          deviceAuthFailures: 100,
          salesChecks: 100,
          storeWrites: 2,
        },
      },
    });
    try {
      const codes = async (url: string, body: (i: number) => object) => {
        const answers = [];
        for (let i = 0; i < 3; i++) {
          const response = await t.app.inject({
            method: 'POST',
            url,
            body: body(i),
            remoteAddress: '198.51.100.21',
          });
          answers.push(response.statusCode);
        }
        return answers;
      };
      expect(await codes('/api/contactus', () => contact())).toEqual([200, 200, 429]);
      expect(
        await codes('/api/interestedcustomers', (i) => ({
          EmailAddress: `n${i}@example.com`,
          TenantId: 2,
        })),
      ).toEqual([200, 200, 429]);
      const stored = await t.ctx.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(2);
    } finally {
      await t.close();
    }
  });
});
