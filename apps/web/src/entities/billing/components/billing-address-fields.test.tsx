import { useState } from 'react';
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { DEMO_USER } from '../../../test/fixtures';
import { useAddressVerification } from '../hooks/use-address-verification';
import { useBillingAddressForm } from '../hooks/use-billing-address-form';
import { useSalesTax } from '../hooks/use-sales-tax';
import type { BillingAddressValues } from '../lib/billing-address';
import { planSubtotal } from '../lib/plans';
import { PLAN_OPTIONS, renderBilling } from '../test/render-billing';
import { BillingAddressFields } from './billing-address-fields';
import { BillingTotals } from './billing-totals';

const STORED: BillingAddress = {
  Id: 9,
  UserId: DEMO_USER.Id,
  Default: true,
  FirstName: 'Ellen',
  LastName: 'Ripley',
  Address1: '1 main street',
  Address2: null,
  City: 'rochester',
  State: 'NY',
  Zip: '14624',
  PhoneNumber: '15855550100',
};

const ANNUAL = PLAN_OPTIONS[2]!;

/** The billing step as a consumer composes it: fields, verify, then tax and totals. */
function Harness({ address = null }: { address?: BillingAddress | null }) {
  const form = useBillingAddressForm({ address, user: DEMO_USER });
  const verification = useAddressVerification();
  const [verified, setVerified] = useState<BillingAddressValues | null>(null);
  const salesTax = useSalesTax({ address: verified, amount: planSubtotal(ANNUAL) });
  async function submit(values: BillingAddressValues) {
    const cleansed = await verification.verify(values);
    if (cleansed) form.setValues(cleansed);
    setVerified(cleansed);
  }
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <BillingAddressFields form={form} verificationError={verification.error} />
      <Button type="submit" loading={verification.isVerifying}>
        Verify
      </Button>
      <BillingTotals option={ANNUAL} salesTax={salesTax} />
    </form>
  );
}

const checkAnswer = (body: Record<string, unknown>): MockRoute => ({
  path: '/api/sales/checkAddressValidity',
  answer: {
    body: {
      Address1: '1 MAIN ST',
      Address2: '',
      City: 'ROCHESTER',
      State: 'NY',
      Zip: '14624-1234',
      PostalCode: '14624-1234',
      ReturnCode: 31,
      AddressCleansingResult: '',
      ...body,
    },
  },
});
const taxAnswer = (tax: number): MockRoute => ({
  path: '/api/taxrates/calculateSalesTax',
  answer: { body: { Tax: tax, TaxableAmount: 99, Rate: 0.08, HasNexus: true } },
});

const totalsTable = () => screen.getByRole('table', { name: 'Billing totals' });

describe('billing address fields', () => {
  it('starts with the state NY and the phone in three parts (accounts-devices-billing §9, §2)', async () => {
    mockApi();
    renderBilling(<Harness />);
    expect(await screen.findByLabelText('State', { selector: 'input' })).toHaveValue('New York');
    const phone = screen.getByRole('group', { name: 'Phone number' });
    expect(within(phone).getAllByRole('textbox')).toHaveLength(3);
    expect(screen.getByLabelText('First name')).toHaveValue('Ellen');
  });

  it('switches to the Canadian provinces (default AB) for a 6-character ZIP and back to states for 5 (accounts-devices-billing §5)', async () => {
    mockApi();
    const { user } = renderBilling(<Harness />);
    const zip = await screen.findByLabelText('ZIP / postal code');
    await user.type(zip, 'T2P1J9');
    expect(screen.getByLabelText('Province', { selector: 'input' })).toHaveValue('Alberta');
    await user.clear(zip);
    await user.type(zip, '14624');
    expect(screen.getByLabelText('State', { selector: 'input' })).toHaveValue('New York');
  });

  it('replaces the input with the cleansed address when the check accepts it, then shows the tax (accounts-devices-billing §5)', async () => {
    const api = mockApi([checkAnswer({ ReturnCode: 31 }), taxAnswer(7.92)]);
    const { user } = renderBilling(<Harness address={STORED} />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByLabelText('Street address')).toHaveValue('1 MAIN ST'));
    expect(screen.getByLabelText('City')).toHaveValue('ROCHESTER');
    expect(screen.getByLabelText('ZIP / postal code')).toHaveValue('14624-1234');
    const sent = JSON.parse(
      api.find('GET', '/api/sales/checkAddressValidity')[0]!.query.get('userInfo')!,
    );
    expect(sent).toMatchObject({ FirstName: 'Ellen', Address1: '1 main street', Zip: '14624' });
    expect(await within(totalsTable()).findByText('$7.92')).toBeInTheDocument();
    const taxCall = api.find('GET', '/api/taxrates/calculateSalesTax')[0]!;
    expect(taxCall.query.get('toZip')).toBe('14624-1234');
    expect(taxCall.query.get('amount')).toBe('99.00');
    expect(within(totalsTable()).getByText('$106.92')).toBeInTheDocument();
  });

  it.each([23, 11, 12, 13])(
    'rejects the address with the billing alert for code %i and asks no tax (accounts-devices-billing §5)',
    async (code) => {
      const api = mockApi([
        checkAnswer({ ReturnCode: code, AddressCleansingResult: 'Street not found.' }),
        taxAnswer(7.92),
      ]);
      const { user } = renderBilling(<Harness address={STORED} />);
      await user.click(await screen.findByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Billing Address Verification Error : Street not found. Please re-enter your address and try again.',
      );
      expect(screen.getByLabelText('Street address')).toHaveValue('1 main street');
      expect(api.find('GET', '/api/taxrates/calculateSalesTax')).toHaveLength(0);
    },
  );

  it('shows the validation failure message when the check itself fails (accounts-devices-billing §8)', async () => {
    mockApi([
      {
        path: '/api/sales/checkAddressValidity',
        answer: errorAnswer(502, 'An error occurred while validating address. Please try again.'),
      },
    ]);
    const { user } = renderBilling(<Harness address={STORED} />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred validating your address. Please try again.',
    );
  });

  it('calculates no tax for a ZIP shorter than 5 characters (accounts-devices-billing §5)', async () => {
    const api = mockApi([checkAnswer({ Zip: '1462', PostalCode: '1462' }), taxAnswer(7.92)]);
    const { user } = renderBilling(<Harness address={STORED} />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP / postal code')).toHaveValue('1462'));
    expect(api.find('GET', '/api/taxrates/calculateSalesTax')).toHaveLength(0);
    expect(within(totalsTable()).getByText('Calculated from your ZIP code')).toBeInTheDocument();
    expect(within(totalsTable()).getAllByText('$99.00')).toHaveLength(2);
  });

  it("shows the server's message and resets the tax when the tax call fails (accounts-devices-billing §8)", async () => {
    mockApi([
      checkAnswer({ ReturnCode: 0 }),
      {
        path: '/api/taxrates/calculateSalesTax',
        answer: errorAnswer(400, 'The tax service does not know this destination.'),
      },
    ]);
    const { user } = renderBilling(<Harness address={STORED} />);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The tax service does not know this destination.',
    );
    expect(within(totalsTable()).getByText('$0.00')).toBeInTheDocument();
    expect(within(totalsTable()).getAllByText('$99.00')).toHaveLength(2);
  });
});
