/* eslint-disable @typescript-eslint/no-explicit-any -- the fake reads the SDK's JSON bodies, whose shapes are the SDK's */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import braintree from 'braintree';

/*
 * A fake Braintree gateway over HTTP for the Braintree adapter's contract tests (decision 034):
 * the official SDK talks to it as to Braintree, and it answers what Braintree's sandbox answers,
 * in the shapes the SDK parses Braintree's XML into (recorded from the SDK's own integration
 * tests, github:braintree/braintree_node test/integration: transaction_gateway_spec,
 * payment_method_gateway_spec, client_token_gateway_spec). It knows the sandbox's fixed nonces
 * and its amount-driven declines (2000.00–3000.99); no card number ever reaches it.
 */

type Card = {
  token: string;
  customerId: string;
  cardType: string;
  last4: string;
  expirationMonth: string;
  expirationYear: string;
};
type Transaction = Record<string, unknown> & { id: string; orderId: string | null; amount: string };

/** The sandbox's fixed nonces: the card they stand for, or the answer they always give. */
const NONCES: Record<string, { cardType: string; last4: string } | { answer: () => object }> = {
  'fake-valid-nonce': { cardType: 'Visa', last4: '1881' },
  'fake-valid-visa-nonce': { cardType: 'Visa', last4: '1111' },
  'fake-valid-mastercard-nonce': { cardType: 'MasterCard', last4: '4444' },
  'fake-valid-amex-nonce': { cardType: 'American Express', last4: '0005' },
  'fake-valid-discover-nonce': { cardType: 'Discover', last4: '1117' },
  'fake-valid-jcb-nonce': { cardType: 'JCB', last4: '0000' },
  'fake-processor-declined-visa-nonce': {
    answer: () => declined('verification', '2000', 'Do Not Honor'),
  },
  'fake-luhn-invalid-nonce': {
    answer: () => validation('creditCard', '81715', 'number', 'Credit card number is invalid.'),
  },
  'fake-consumed-nonce': {
    answer: () =>
      validation(
        'paymentMethodNonce',
        '93107',
        'payment_method_nonce',
        'Cannot use a payment_method_nonce more than once.',
      ),
  },
  'fake-gateway-rejected-fraud-nonce': { answer: () => rejected('fraud') },
};

/** An answer with validation errors (HTTP 422, `api-error-response`). */
function validation(on: string, code: string, attribute: string, message: string) {
  return {
    status: 422,
    body: {
      apiErrorResponse: {
        errors: { errors: [], [on]: { errors: [{ code, attribute, message }] } },
        message,
        params: {},
      },
    },
  };
}

function declined(kind: 'verification' | 'transaction', code: string, text: string, extra = {}) {
  const outcome = {
    status: 'processor_declined',
    processorResponseCode: code,
    processorResponseText: text,
    processorResponseType: 'soft_declined',
    gatewayRejectionReason: null,
    ...extra,
  };
  return {
    status: 422,
    body: {
      apiErrorResponse: { errors: { errors: [] }, message: text, params: {}, [kind]: outcome },
    },
  };
}

function rejected(
  reason: string,
  kind: 'verification' | 'transaction' = 'verification',
  extra = {},
) {
  return {
    status: 422,
    body: {
      apiErrorResponse: {
        errors: { errors: [] },
        message: `Gateway Rejected: ${reason}`,
        params: {},
        [kind]: { status: 'gateway_rejected', gatewayRejectionReason: reason, ...extra },
      },
    },
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, any>) : {};
}

export type FakeBraintreeGateway = {
  gateway: braintree.BraintreeGateway;
  /** Every request body the SDK sent, as text, to search for card data. */
  requests: string[];
  /** Makes the next requests fail as a broken network does (the connection is reset). */
  breakNetwork: (broken: boolean) => void;
  close: () => Promise<void>;
};

export async function startFakeBraintreeGateway(): Promise<FakeBraintreeGateway> {
  let next = 1000;
  const id = () => (next += 1).toString(36);
  const customers = new Set<string>();
  const cards = new Map<string, Card>();
  const transactions = new Map<string, Transaction>();
  const requests: string[] = [];
  let broken = false;

  const cardOf = (nonce: string, customerId: string): Card | null => {
    const fixed = NONCES[nonce];
    if (fixed && 'cardType' in fixed) {
      return { token: id(), customerId, ...fixed, expirationMonth: '12', expirationYear: '2030' };
    }
    const vaulted = [...cards.values()].find((card) => `nonce-${card.token}` === nonce);
    return vaulted ?? null;
  };

  function sale(body: Record<string, any>) {
    const attrs = body.transaction as Record<string, string>;
    const card = attrs.payment_method_token
      ? cards.get(attrs.payment_method_token)
      : attrs.payment_method_nonce
        ? (() => {
            const fixed = NONCES[attrs.payment_method_nonce];
            if (fixed && 'answer' in fixed) return fixed;
            return cardOf(attrs.payment_method_nonce, '');
          })()
        : undefined;
    if (card && 'answer' in card) {
      const answer = card.answer() as {
        status: number;
        body: { apiErrorResponse: Record<string, unknown> };
      };
      const error = answer.body.apiErrorResponse;
      if ('verification' in error) {
        error.transaction = { ...(error.verification as object), id: id(), type: 'sale' };
        delete error.verification;
      }
      return answer;
    }
    if (!card)
      return validation(
        'transaction',
        '91518',
        'payment_method_token',
        'Payment method token is invalid.',
      );
    const amount = Number(attrs.amount);
    const base: Transaction = {
      id: id(),
      type: 'sale',
      amount: attrs.amount!,
      orderId: attrs.order_id ?? null,
      createdAt: new Date().toISOString(),
      creditCard: { cardType: card.cardType, last4: card.last4 },
    };
    if (amount >= 2000 && amount < 3001) {
      const code = String(Math.floor(amount));
      const answer = declined(
        'transaction',
        code,
        code === '2000' ? 'Do Not Honor' : 'Declined',
        base,
      );
      transactions.set(base.id, {
        ...base,
        status: 'processor_declined',
        processorResponseCode: code,
      });
      return answer;
    }
    if (amount === 5001.01) return rejected('cvv', 'transaction', base);
    const transaction = {
      ...base,
      status: 'submitted_for_settlement',
      processorResponseCode: '1000',
    };
    transactions.set(transaction.id, transaction);
    return { status: 201, body: { transaction } };
  }

  function refund(saleId: string, body: Record<string, any>) {
    const original = transactions.get(saleId);
    if (!original) return { status: 404, body: {} };
    const refunded = [...transactions.values()]
      .filter((t) => t.refundedTransactionId === saleId)
      .reduce((sum, t) => sum + Number(t.amount), 0);
    const amount = Number(body.transaction?.amount ?? Number(original.amount) - refunded);
    if (amount + refunded > Number(original.amount) + 1e-9) {
      return validation('transaction', '91521', 'amount', 'Refund amount is too large.');
    }
    const credit: Transaction = {
      ...original,
      id: id(),
      type: 'credit',
      amount: amount.toFixed(2),
      status: 'submitted_for_settlement',
      refundedTransactionId: saleId,
    };
    transactions.set(credit.id, credit);
    return { status: 201, body: { transaction: credit } };
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (broken) {
        request.socket.destroy();
        return;
      }
      const body = await readJson(request);
      requests.push(JSON.stringify(body));
      const path = (request.url ?? '').replace(/^\/merchants\/[^/]+/, '');
      const route = `${request.method} ${path}`;
      let answer: { status: number; body: object };
      let match: RegExpMatchArray | null;
      if (route === 'POST /client_token') {
        const customerId = body.client_token?.customer_id as string | undefined;
        answer =
          customerId && !customers.has(customerId)
            ? validation(
                'clientToken',
                '92804',
                'customer_id',
                'Customer specified by customer_id does not exist',
              )
            : {
                status: 201,
                body: {
                  clientToken: {
                    value: Buffer.from('{"version":2,"environment":"sandbox"}').toString('base64'),
                  },
                },
              };
      } else if (route === 'POST /customers') {
        const customer = { id: id(), firstName: body.customer?.first_name };
        customers.add(customer.id);
        answer = { status: 201, body: { customer } };
      } else if (route === 'POST /payment_methods') {
        const attrs = body.payment_method as Record<string, string>;
        const fixed = NONCES[attrs.payment_method_nonce ?? ''];
        const card = cardOf(attrs.payment_method_nonce ?? '', attrs.customer_id ?? '');
        if (fixed && 'answer' in fixed) answer = fixed.answer() as typeof answer;
        else if (!card)
          answer = validation(
            'paymentMethodNonce',
            '91565',
            'payment_method_nonce',
            'Unknown or expired payment_method_nonce.',
          );
        else {
          cards.set(card.token, card);
          answer = { status: 201, body: { creditCard: card } };
        }
      } else if ((match = /^GET \/payment_methods\/any\/([^/]+)$/.exec(route))) {
        const card = cards.get(match[1]!);
        answer = card ? { status: 200, body: { creditCard: card } } : { status: 404, body: {} };
      } else if ((match = /^DELETE \/payment_methods\/any\/([^/?]+)/.exec(route))) {
        answer = cards.delete(match[1]!) ? { status: 200, body: {} } : { status: 404, body: {} };
      } else if ((match = /^POST \/payment_methods\/([^/]+)\/nonces$/.exec(route))) {
        answer = cards.has(match[1]!)
          ? { status: 201, body: { paymentMethodNonce: { nonce: `nonce-${match[1]}` } } }
          : { status: 404, body: {} };
      } else if (route === 'POST /transactions') {
        answer = sale(body);
      } else if ((match = /^POST \/transactions\/([^/]+)\/refund$/.exec(route))) {
        answer = refund(match[1]!, body);
      } else if (route === 'POST /transactions/advanced_search_ids') {
        const orderId = body.search?.order_id?.is as string | undefined;
        const ids = [...transactions.values()]
          .filter((t) => t.orderId === orderId && t.type === 'sale')
          .map((t) => t.id);
        answer = { status: 200, body: { searchResults: { pageSize: 50, ids } } };
      } else if (route === 'POST /transactions/advanced_search') {
        // The SDK sends the page's ids as a plain list.
        const ids = (body.search?.ids ?? []) as string[];
        const found = ids.map((i) => transactions.get(i)).filter(Boolean);
        answer = { status: 200, body: { creditCardTransactions: { transaction: found } } };
      } else {
        answer = { status: 404, body: {} };
      }
      const text = answer.status === 404 ? '' : JSON.stringify(answer.body);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const environment = new braintree.Environment(
    '127.0.0.1',
    String(port),
    'http://127.0.0.1',
    false,
    '127.0.0.1',
    String(port),
  );
  const gateway = new braintree.BraintreeGateway({
    environment,
    merchantId: 'fake-merchant',
    publicKey: 'fake-public',
    privateKey: 'fake-private',
  });
  return {
    gateway,
    requests,
    breakNetwork: (value) => {
      broken = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
