import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  expectNotInDatabase,
  expectNotInPageScript,
  expectNotInServerLog,
} from '../support/card-traces';
import { DEMO, signInByApi } from '../support/sign-in';

/*
 * The local payment processor's card fields in a real browser (issue #13, decision 034): the card
 * number is typed into the processor's own frame, the page's script gets only a single-use nonce,
 * and the product's API verifies the card by that nonce. The web app's card form (issue #14)
 * uses the same client script; here a page of the app hosts it, as the wizard will.
 */

const GOOD_CARD = '4111111111111111';
/** The local processor's test card for code 15005 (docs/payments.md). */
const BANK_DECLINED_CARD = '4000001500500004';

/** Opens a page of the app with the card fields in it, as the payment forms host them. */
async function cardFields(page: Page, clientToken: string) {
  await page.goto('/about');
  await page.addScriptTag({ url: '/local-processor/hosted-fields.js' });
  await page.evaluate(`(async () => {
    const box = document.createElement('section');
    box.id = 'card';
    box.setAttribute('aria-label', 'Card details');
    box.style.cssText = 'position:fixed;inset:0;background:#fff;z-index:9999;padding:16px';
    document.body.append(box);
    window.cardFields = await window.localProcessor.hostedFields.create({
      authorization: ${JSON.stringify(clientToken)},
      container: '#card',
    });
  })()`);
  return page.frameLocator('#card iframe');
}

type Tokenized = { nonce?: string; details?: { cardType: string; lastFour: string } };
const tokenize = (page: Page) =>
  page.evaluate<Tokenized>(`window.cardFields.tokenize().then(
    (answer) => answer,
    (error) => ({ error: error.message, code: error.code }),
  )`);

test('a card typed into the processor’s frame reaches the product only as a nonce (issue #13, store-and-public-site §8)', async ({
  page,
  request,
}) => {
  const { headers, userId } = await signInByApi(request);
  const token = await request.get('/api/paymentprocessing/getClientToken/', { headers });
  expect(token.ok()).toBe(true);
  const { ClientToken } = (await token.json()) as { ClientToken: string };

  const sent: string[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/local-processor/tokenize'))
      sent.push(`${r.url()} ${r.postData() ?? ''}`);
  });
  const frame = await cardFields(page, ClientToken);
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Month (MM)').fill('12');
  await frame.getByLabel('Year (YYYY)').fill('2030');
  await frame.getByLabel('CVV').fill('123');
  await frame.getByLabel('Postal code').fill('14624');
  await expectNoSeriousViolations(page, 'the card fields');

  const good = await tokenize(page);
  expect(good.nonce).toMatch(/^tokencc_/);
  expect(good.details).toEqual({ cardType: 'Visa', lastFour: '1111' });
  // The page itself never held the number: it lives in the processor's frame only.
  expect(await page.content()).not.toContain('4111');
  expect(sent.filter((line) => line.includes(GOOD_CARD) || line.includes('4111 1111'))).toEqual([]);
  // Nor does the page's script context: the frame is another origin, in its own process.
  await expectNotInPageScript(page, GOOD_CARD);

  const validated = await request.post('/api/subscriptions/validatecard/', {
    headers,
    data: { UserId: userId, PaymentNonce: good.nonce, Zip: '14624' },
  });
  expect(validated.status()).toBe(200);
  expect(await validated.json()).toMatchObject({
    Valid: true,
    CreditCardType: 'Visa',
    CreditCardNumber: '1111',
  });

  // A card the bank declines: tokenized like any other, refused when verified, with the code
  // the payment error filter turns into its alert.
  await frame.getByLabel('Card number').fill(BANK_DECLINED_CARD);
  const declined = await tokenize(page);
  const refused = await request.post('/api/subscriptions/validatecard/', {
    headers,
    data: { UserId: userId, PaymentNonce: declined.nonce, Zip: '14624' },
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { error: { processorErrors: { code: unknown }[] } };
  expect(body.error.processorErrors.map((error) => Number(error.code))).toContain(15005);

  // The product kept the card's last 4 and type only: no log line or table holds the number.
  await expectNotInServerLog(GOOD_CARD);
  await expectNotInDatabase(GOOD_CARD, DEMO.email);
});
