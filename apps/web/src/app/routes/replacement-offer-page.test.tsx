import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplacementUser } from '@monitor/contract/replacement';
import {
  clientTokenRoute,
  installLocalProcessor,
  removeLocalProcessor,
} from '../../features/subscription/test/subscription-fixtures';
import { errorAnswer, mockApi, type MockRoute, type RecordedCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const SLOW = { timeout: 5000 };
const TOKEN = 'tok_0123456789abcdef';
const PAGE = `/deviceupgrade?customerid=7&token=${TOKEN}&item=100`;
const OFFER = '/api/verizonreplacement/7';
const SUBMIT = '/api/verizonreplacement/form/submit';
const BILLING_CHECK = '/api/sales/checkAddressValidity';
const SHIPPING_CHECK = '/api/sales/checkShippingAddressValidity';

const OWNER: ReplacementUser = {
  Id: 7,
  FirstName: 'Ellen',
  LastName: 'Ripley',
  EmailAddress: 'ellen@example.com',
  UnitPrice: 99,
  EligibleDevices: [
    {
      DeviceId: 31,
      UserDeviceId: 41,
      SerialNumber: 'ABC123',
      Name: 'Cabin',
      DeviceNSP: 1,
      DeviceType: 1,
      ItemId: 100,
      Replace: true,
    },
    {
      DeviceId: 32,
      UserDeviceId: 42,
      SerialNumber: 'DEF456',
      Name: 'Boat house',
      DeviceNSP: 2,
      DeviceType: 4,
      ItemId: 203,
      Replace: true,
    },
  ],
};

const cleansed = (street: string, city: string, zip: string, ReturnCode = 31) => ({
  body: {
    Address1: street,
    Address2: '',
    City: city,
    State: 'NY',
    Zip: zip,
    PostalCode: zip,
    ReturnCode,
    AddressCleansingResult: ReturnCode === 31 ? '' : 'Street not found.',
  },
});

function setUp(routes: MockRoute[] = [], owner: ReplacementUser = OWNER) {
  installLocalProcessor();
  const api = mockApi([
    ...routes,
    { path: OFFER, answer: { body: owner } },
    { path: BILLING_CHECK, answer: cleansed('1 MAIN ST', 'ROCHESTER', '14624') },
    { path: SHIPPING_CHECK, answer: cleansed('9 LAKE RD', 'GENEVA', '14456') },
    clientTokenRoute,
    {
      method: 'POST',
      path: SUBMIT,
      answer: { body: { OrderNumber: 'R-000123', OrderId: 123 } },
    },
  ]);
  return { ...renderApp(PAGE), api };
}

type View = ReturnType<typeof setUp>;

async function fillBilling({ user }: View) {
  await user.type(
    await screen.findByRole('textbox', { name: 'Street address' }, SLOW),
    '1 main street',
  );
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'rochester');
  await user.type(screen.getByRole('textbox', { name: /ZIP/ }), '14624');
}

async function agreeToTerms({ user }: View) {
  const dialog = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
  await user.click(within(dialog).getByLabelText('I have read and agree to the legal terms'));
  await user.click(within(dialog).getByRole('button', { name: 'Agree and order' }));
}

const checks = (api: View['api']): RecordedCall[] =>
  api.apiCalls().filter((call) => call.path === BILLING_CHECK || call.path === SHIPPING_CHECK);

afterEach(() => removeLocalProcessor());

describe('/deviceupgrade, the replacement offer', () => {
  it('reads the offer with the link’s token and ticks Replace on every device, 99 each (store-and-public-site §3, §9)', async () => {
    const view = setUp();
    const cabin = await screen.findByRole('checkbox', { name: 'Replace Cabin (ABC123)' }, SLOW);
    expect(cabin).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Replace Boat house (DEF456)' })).toBeChecked();
    expect(screen.getByTestId('replacement-total')).toHaveTextContent('$198.00');
    const [call] = view.api.find('GET', OFFER);
    expect(call!.query.get('token')).toBe(TOKEN);
    expect(call!.authorization).toBeNull();
    await view.user.click(cabin);
    expect(screen.getByTestId('replacement-total')).toHaveTextContent('$99.00');
  });

  it('prices each device at 99 when the item’s price could not be loaded (store-and-public-site §4, §9)', async () => {
    setUp([], { ...OWNER, UnitPrice: 0 });
    expect(await screen.findByTestId('replacement-total', undefined, SLOW)).toHaveTextContent(
      '$198.00',
    );
  });

  it('verifies the billing address, then the shipping address, then submits the ticked devices and shows the order number (store-and-public-site §2, §4)', async () => {
    const view = setUp();
    await view.user.click(
      await screen.findByRole('checkbox', { name: 'Replace Cabin (ABC123)' }, SLOW),
    );
    await fillBilling(view);
    await view.user.click(screen.getByRole('checkbox', { name: 'Ship to my billing address' }));
    const shipping = screen
      .getAllByRole('group')
      .find((group) => group.textContent?.startsWith('Shipping address'))!;
    await view.user.type(
      within(shipping).getByRole('textbox', { name: 'Street address' }),
      '9 lake road',
    );
    await view.user.type(within(shipping).getByRole('textbox', { name: 'City' }), 'geneva');
    await view.user.type(within(shipping).getByRole('textbox', { name: /ZIP/ }), '14456');
    await view.user.click(screen.getByRole('button', { name: 'Submit request' }));
    await agreeToTerms(view);

    expect(await screen.findByRole('heading', { name: 'Request submitted' }, SLOW)).toBeVisible();
    expect(screen.getByText('R-000123')).toBeVisible();
    expect(checks(view.api).map((call) => call.path)).toEqual([BILLING_CHECK, SHIPPING_CHECK]);
    const [submit] = view.api.find('POST', SUBMIT);
    expect(submit!.query.get('token')).toBe(TOKEN);
    expect(submit!.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
    expect(submit!.body).toMatchObject({
      UserId: 7,
      RequestToken: TOKEN,
      priority: 1,
      BillingUser: 0,
      ShippingType: 'N',
      items: [{ ItemId: 203, Quantity: 1, Serial: 'DEF456' }],
      replacedDevices: ['DEF456'],
      TermsAccepted: true,
      payer: {
        FirstName: 'Ellen',
        Email: 'ellen@example.com',
        Address1: '1 MAIN ST',
        City: 'ROCHESTER',
        Zip: '14624',
        ShippingAddress1: '9 LAKE RD',
        ShippingCity: 'GENEVA',
        ShippingZip: '14456',
        PaymentNonce: 'tokencc_visa_1',
      },
    });
  });

  it('stops at a refused billing address with the billing alert, checking no shipping address (store-and-public-site §5, §8)', async () => {
    const view = setUp([{ path: BILLING_CHECK, answer: cleansed('', '', '', 23) }]);
    await fillBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findByText(
        'Billing Address Verification Error : Street not found. Please re-enter your address and try again.',
        undefined,
        SLOW,
      ),
    ).toBeVisible();
    expect(checks(view.api).map((call) => call.path)).toEqual([BILLING_CHECK]);
    expect(view.api.find('POST', SUBMIT)).toHaveLength(0);
  });

  it('checks the copied billing address as the shipping address and shows the shipping alert when refused (store-and-public-site §5, §8)', async () => {
    const view = setUp([{ path: SHIPPING_CHECK, answer: cleansed('', '', '', 11) }]);
    await fillBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findByText(
        /^Shipping Address Verification Error : Street not found\./,
        undefined,
        SLOW,
      ),
    ).toBeVisible();
    const [shippingCall] = view.api.find('GET', SHIPPING_CHECK);
    expect(JSON.parse(shippingCall!.query.get('userInfo')!)).toMatchObject({
      Address1: '1 MAIN ST',
      City: 'ROCHESTER',
    });
    expect(view.api.find('POST', SUBMIT)).toHaveLength(0);
  });

  it("shows 'A fatal error occurred. Please try again.' when the order fails (store-and-public-site §8)", async () => {
    const view = setUp([{ method: 'POST', path: SUBMIT, answer: errorAnswer(500, 'boom') }]);
    await fillBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Submit request' }));
    await agreeToTerms(view);
    const dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(dialog).toHaveTextContent('A fatal error occurred. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Request submitted' })).not.toBeInTheDocument();
  });

  it('flags the card through the payment error filter when the card is refused, with no fatal alert (store-and-public-site §8)', async () => {
    const view = setUp([
      {
        method: 'POST',
        path: SUBMIT,
        answer: {
          status: 400,
          body: {
            error: { code: 400, message: 'Card refused', processorErrors: [{ code: 10544 }] },
          },
        },
      },
    ]);
    await fillBilling(view);
    await view.user.click(screen.getByRole('button', { name: 'Submit request' }));
    await agreeToTerms(view);
    expect(
      await screen.findByText('Card declined by payments processor.', undefined, SLOW),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Error!' })).not.toBeInTheDocument();
  });

  it('says the link is not valid, with the support phone, when the token is refused (store-and-public-site §2)', async () => {
    setUp([{ path: OFFER, answer: errorAnswer(410, 'This link has already been used.') }]);
    expect(await screen.findByText('This link is not valid', undefined, SLOW)).toBeVisible();
    const help = screen.getByText(/If you still want to replace your device/);
    expect(within(help).getByRole('link', { name: '1-800-555-0101' })).toHaveAttribute(
      'href',
      'tel:1-800-555-0101',
    );
    expect(screen.queryByRole('button', { name: 'Submit request' })).not.toBeInTheDocument();
  });

  it('says the link is not valid without asking the server when the token is missing (store-and-public-site §2)', async () => {
    const api = mockApi([]);
    renderApp('/deviceupgrade?customerid=7');
    expect(await screen.findByText('This link is not valid', undefined, SLOW)).toBeVisible();
    expect(api.find('GET', OFFER)).toHaveLength(0);
  });
});
