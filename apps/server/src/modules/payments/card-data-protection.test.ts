import { LocalTokenizeInput, PaymentNonce } from '@monitor/contract/payments';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/config/logger';
import { cardDecliningWith } from '../../../test/helpers/payments';
import { operationsOf, type JsonSchema } from '../../../test/security/route-table';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/*
 * Card data never stays in the product (decision 034): after card flows through the local
 * processor's card fields, neither the logs nor any table holds a card number or a CVV, and no
 * call of the product's own API takes a card field at all.
 */

const AMEX = '378282246310005';
const DECLINING = cardDecliningWith(10752);
/** The CVVs typed: Amex has four digits, the others three. */
const CVVS = { amex: '7319', visa: '846' };

/** A card number as it may be written down: plain, in groups with dashes or spaces. */
const spellings = (digits: string) => [
  digits,
  digits.replace(/(\d{4})(?=\d)/g, '$1-'),
  digits.replace(/(\d{4})(?=\d)/g, '$1 '),
];

describe('card data protection (store-and-public-site §7 Payment; decision 034)', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    t = await createTestApp({ logger });
  });
  afterAll(() => t.close());

  const fingerprint = async (customerId: string | null) => {
    const token = await t.ctx.payments.generateClientToken({ customerId });
    return (
      JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
        authorizationFingerprint: string;
      }
    ).authorizationFingerprint;
  };
  const tokenize = async (customerId: string | null, number: string, fields = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/local-processor/tokenize',
      payload: {
        authorizationFingerprint: await fingerprint(customerId),
        number,
        expirationMonth: '11',
        expirationYear: '2031',
        cvv: number.startsWith('3') ? CVVS.amex : CVVS.visa,
        postalCode: '62702',
        ...fields,
      },
    });

  /** Every row of every table of the app's schema and the job queue's, as text. */
  async function dumpEveryTable(): Promise<string> {
    const tables = await sql<{ table_schema: string; table_name: string }>`
      SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND (table_schema = current_schema() OR table_schema = 'pgboss')`.execute(
      t.ctx.db,
    );
    expect(tables.rows.map((row) => row.table_name)).toContain('local_processor_nonces');
    const parts: string[] = [];
    for (const { table_schema, table_name } of tables.rows) {
      const rows = await sql<{ rows: string | null }>`
        SELECT json_agg(t)::text AS rows FROM ${sql.table(`${table_schema}.${table_name}`)} t`.execute(
        t.ctx.db,
      );
      parts.push(`${table_schema}.${table_name}: ${rows.rows[0]?.rows ?? '[]'}`);
    }
    return parts.join('\n');
  }

  it('keeps no card number or CVV in any log line or table row after card flows', async () => {
    const { customerId } = await t.ctx.payments.createCustomer({
      firstName: 'Pat',
      lastName: 'Payer',
      email: 'pat@example.com',
    });
    // A good card: tokenized through the card fields' route, vaulted, charged, refunded in part.
    const good = await tokenize(customerId, AMEX);
    expect(good.statusCode).toBe(200);
    const vault = await t.ctx.payments.vaultCard({
      customerId,
      nonce: good.json<{ nonce: string }>().nonce,
    });
    if (!vault.ok) throw new Error('vault refused');
    const sale = await t.ctx.payments.sale({
      amountCents: 4599,
      orderId: 'protection-1',
      paymentMethodToken: vault.value.token,
    });
    if (!sale.ok) throw new Error('sale refused');
    expect(
      (await t.ctx.payments.refund({ transactionId: sale.value.id, amountCents: 599 })).ok,
    ).toBe(true);
    // A declining card, refused at vaulting; a form with a field missing; a number with dashes.
    const declining = await tokenize(customerId, DECLINING);
    const refused = await t.ctx.payments.vaultCard({
      customerId,
      nonce: declining.json<{ nonce: string }>().nonce,
    });
    expect(refused.ok).toBe(false);
    expect((await tokenize(customerId, AMEX, { cvv: '' })).statusCode).toBe(400);
    expect((await tokenize(customerId, spellings(DECLINING)[1]!)).statusCode).toBe(200);

    const logged = lines.join('\n');
    expect(logged).toContain('/local-processor/tokenize');
    const stored = await dumpEveryTable();
    expect(stored).toContain(`"last4":"0005"`);
    for (const text of [logged, stored]) {
      for (const number of [AMEX, DECLINING]) {
        for (const spelling of spellings(number)) expect(text).not.toContain(spelling);
      }
      for (const cvv of Object.values(CVVS)) {
        expect(text).not.toContain(`"${cvv}"`);
        expect(text).not.toMatch(new RegExp(`[:=]\\s*${cvv}\\b`));
      }
    }
  });

  it('takes no card field in any call of the product’s own API, only nonces', () => {
    const cardField = /card.?number|^number$|cvv|cvc|security.?code|^pan$/i;
    const found: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (cardField.test(name)) found.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
      const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
      for (const item of [...items, ...(schema.anyOf ?? []), ...(schema.prefixItems ?? [])]) {
        walk(item, where);
      }
    };
    const operations = operationsOf(t.app);
    for (const op of operations) {
      // The local processor's own card fields: the one place a card is typed (decision 034).
      if (op.path === '/local-processor/tokenize') continue;
      walk(op.body, `${op.method} ${op.path} body`);
      for (const parameter of op.parameters) {
        if (cardField.test(parameter.name)) found.push(`${op.method} ${op.path} ${parameter.name}`);
      }
    }
    expect(operations.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
    // A body that carries a nonce is strict, so a card field sent beside it is refused, not ignored.
    for (const op of operations) {
      const properties = Object.keys(op.body?.properties ?? {});
      if (properties.some((name) => /nonce/i.test(name))) {
        expect(
          (op.body as { additionalProperties?: unknown }).additionalProperties,
          `${op.method} ${op.path}`,
        ).toBe(false);
      }
    }
  });

  it('refuses a card number where a nonce goes, and any field the card fields do not send', () => {
    expect(PaymentNonce.safeParse('4111111111111111').success).toBe(false);
    expect(PaymentNonce.safeParse('4111-1111-1111-1111').success).toBe(false);
    expect(PaymentNonce.safeParse('fake-valid-visa-nonce').success).toBe(true);
    expect(
      LocalTokenizeInput.safeParse({ authorizationFingerprint: 'x', number: AMEX, pin: '1234' })
        .success,
    ).toBe(false);
  });
});
