import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PAYMENT_FORM_FLAGS } from '@monitor/domain/billing/payment-errors';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderWithProviders, signInAs } from '../../../test/render-app';
import { CardFields, type CardFieldsHandle } from './card-fields';

const localToken = btoa(JSON.stringify({ version: 2, environment: 'local' }));
const tokenAnswer = {
  path: '/api/paymentprocessing/generateClientToken',
  answer: { body: { ClientToken: localToken } },
};

/** The local processor's client as its script defines it, with the frame's answer chosen by the test. */
function installLocalProcessor(tokenize: () => Promise<unknown>) {
  const create = vi.fn(async ({ container }: { container: HTMLElement }) => {
    const frame = document.createElement('iframe');
    frame.title = 'Card details';
    container.append(frame);
    return { tokenize, teardown: vi.fn(async () => frame.remove()) };
  });
  window.localProcessor = { hostedFields: { create } } as unknown as Window['localProcessor'];
  return create;
}

afterEach(() => {
  delete window.localProcessor;
});

describe('card fields', () => {
  it('open the processor’s frame with a client token and hand back only a nonce (decision 038)', async () => {
    signInAs();
    const api = mockApi([tokenAnswer]);
    const create = installLocalProcessor(async () => ({
      nonce: 'tokencc_1',
      details: { cardType: 'Visa', lastFour: '1111' },
    }));
    const ref = createRef<CardFieldsHandle>();
    renderWithProviders(<CardFields ref={ref} customerId="cust-9" />);
    expect(await screen.findByTitle('Card details')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ authorization: localToken }));
    expect(
      api.find('GET', '/api/paymentprocessing/generateClientToken')[0]!.query.get('customerId'),
    ).toBe('cust-9');
    await expect(ref.current!.tokenize()).resolves.toEqual({
      nonce: 'tokencc_1',
      deviceData: null,
      details: { cardType: 'Visa', lastFour: '1111' },
    });
  });

  it('give the frame the page’s font, as Braintree’s styles option does (issue #24 item 18)', async () => {
    document.body.style.fontFamily = 'Inter, sans-serif';
    try {
      signInAs();
      mockApi([tokenAnswer]);
      const create = installLocalProcessor(async () => ({
        nonce: 'tokencc_1',
        details: { cardType: 'Visa', lastFour: '1111' },
      }));
      renderWithProviders(<CardFields ref={createRef<CardFieldsHandle>()} customerId="cust-9" />);
      expect(await screen.findByTitle('Card details')).toBeInTheDocument();
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({
          styles: { input: { 'font-size': '16px', 'font-family': 'Inter, sans-serif' } },
        }),
      );
    } finally {
      document.body.style.fontFamily = '';
    }
  });

  it('pass the frame’s refusal on with its processor errors (store-and-public-site §8)', async () => {
    signInAs();
    mockApi([tokenAnswer]);
    installLocalProcessor(async () => {
      throw Object.assign(new Error('Missing field: CVV'), {
        code: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
        details: { processorErrors: [{ message: 'Missing field: CVV' }] },
      });
    });
    const ref = createRef<CardFieldsHandle>();
    renderWithProviders(<CardFields ref={ref} />);
    await screen.findByTitle('Card details');
    await expect(ref.current!.tokenize()).rejects.toMatchObject({
      processorErrors: [{ message: 'Missing field: CVV' }],
    });
  });

  it('show the server’s message when the client token is refused (accounts-devices-billing §8)', async () => {
    signInAs();
    mockApi([
      {
        path: '/api/paymentprocessing/generateClientToken',
        answer: errorAnswer(502, 'Braintree says the merchant account is suspended.'),
      },
    ]);
    installLocalProcessor(async () => ({}));
    renderWithProviders(<CardFields />);
    expect(
      await screen.findByText('Braintree says the merchant account is suspended.'),
    ).toBeInTheDocument();
  });

  it('show the operation’s message when the server itself failed (accounts-devices-billing §8)', async () => {
    signInAs();
    mockApi([
      { path: '/api/paymentprocessing/generateClientToken', answer: errorAnswer(500, 'internal') },
    ]);
    installLocalProcessor(async () => ({}));
    renderWithProviders(<CardFields />);
    expect(
      await screen.findByText(
        'An error occurred while loading payment related info. Please contact customer service.',
      ),
    ).toBeInTheDocument();
  });

  it('show the refusal of a 4xx client token in the server’s words, with a retry (accounts-devices-billing §8)', async () => {
    signInAs();
    mockApi([
      {
        path: '/api/paymentprocessing/generateClientToken',
        answer: errorAnswer(403, 'That customer id is not yours.'),
      },
    ]);
    installLocalProcessor(async () => ({}));
    renderWithProviders(<CardFields customerId="someone-else" />);
    expect(await screen.findByText('That customer id is not yours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('list the flagged fields under the frame (store-and-public-site §5, §8)', async () => {
    signInAs();
    mockApi([tokenAnswer]);
    installLocalProcessor(async () => ({}));
    renderWithProviders(
      <CardFields
        flags={{ ...NO_PAYMENT_FORM_FLAGS, invalidExpiration: true, invalidCvv: true }}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Fields to correct' });
    expect(list).toHaveTextContent('Please enter a valid expiration date.');
    expect(list).toHaveTextContent('Please enter a valid CVV2 security code.');
    expect(list).not.toHaveTextContent('card number');
  });
});
