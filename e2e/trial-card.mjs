// One-off user trial (not committed): the local card fields in Chromium, then the registration saga.
import { chromium } from '@playwright/test';
const base = 'http://localhost:4700';
const unit = JSON.parse(await (await import('node:fs/promises')).readFile('/tmp/unit.json', 'utf8'))[0];
const login = await (await fetch(`${base}/LoginGateway.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo@example.com', password: 'demo-password' }) })).json();
const token = login.AccessToken; const userId = login.user?.Id ?? login.Id;
const api = async (method, path, body, headers = {}) => {
  const r = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body && JSON.stringify(body) });
  return [r.status, await r.json().catch(() => null)];
};
const [, ct] = await api('GET', '/api/paymentprocessing/getClientToken/');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 600, height: 500 } });
const seen = [];
page.on('request', (req) => seen.push(`${req.method()} ${req.url()} ${req.postData() ?? ''}`));
await page.goto(`${base}/about`);
await page.addScriptTag({ url: '/local-processor/hosted-fields.js' });
await page.evaluate(async (auth) => {
  const box = document.createElement('div'); box.id = 'card'; box.style.cssText = 'position:fixed;inset:0;background:#fff;z-index:9999;padding:16px';
  document.body.append(box);
  window.fields = await window.localProcessor.hostedFields.create({ authorization: auth, container: '#card' });
}, ct.ClientToken);
const frame = page.frameLocator('#card iframe');
await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
await frame.getByLabel('Month (MM)').fill('12');
await frame.getByLabel('Year (YYYY)').fill('2030');
await frame.getByLabel('CVV').fill('123');
await frame.getByLabel('Postal code').fill('14624');
await page.screenshot({ path: '/tmp/trial/card-fields.png' });
const result = await page.evaluate(() => window.fields.tokenize());
const pageSawNumber = await page.evaluate(() => document.documentElement.outerHTML.includes('4111'));
console.log('tokenize →', JSON.stringify(result), 'page saw number:', pageSawNumber);
const [, plans] = await api('GET', '/api/subscriptions/options/2');
console.log('plans', JSON.stringify(plans));
const monthly = plans.find((p) => p.PlanType === 'Monthly');
const [st, reg] = await api('POST', `/api/users/${userId}/devices/registration`, {
  SerialNumber: unit.SerialNumber, Name: 'Cabin', Location: 'Kitchen', TimeZone: -5, TermsAccepted: true,
  TempPref: 'F', TempMin: 40, TempMax: 80, HumidityMin: 10, HumidityMax: 70, TempEnabled: true, HumidityEnabled: true,
  Subscription: { billingPlan: { Id: monthly.Id, PlanType: 'Monthly' }, FirstName: 'Demo', LastName: 'Owner', Address1: '100 Main St', City: 'Rochester', State: 'NY', Zip: '14624', PaymentNonce: result.nonce },
}, { 'Idempotency-Key': 'trial-registration-0001' });
console.log('registration', st, JSON.stringify(reg).slice(0, 600));
const [s2, sub] = await api('GET', `/api/paymentprocessing/getSubscription/?subscriptionId=${reg?.Subscription?.Id}`);
console.log('subscription', s2, JSON.stringify(sub));
const [s3, card] = await api('GET', `/api/subscriptions/getusercreditcardinfo/${userId}`);
console.log('card info', s3, JSON.stringify(card));
// A declining card in the same frame:
await frame.getByLabel('Card number').fill('4000001500500004');
const declined = await page.evaluate(() => window.fields.tokenize().then((r) => r, (e) => ({ error: e.message, code: e.code })));
console.log('tokenize declining card →', JSON.stringify(declined));
console.log('requests with the card number:', seen.filter((s) => s.includes('4111') && !s.includes('/local-processor/tokenize')).length);
await browser.close();
