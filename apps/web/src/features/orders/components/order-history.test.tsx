import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@monitor/contract/orders';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderWithProviders, signInAs } from '../../../test/render-app';
import { OrderHistory } from './order-history';

const order = (extra: Partial<Order>): Order => ({
  OrderId: 1,
  OrderNumber: 'MC-000001',
  Status: 'paid',
  PlacedAt: '2026-11-20T15:00:00Z',
  Email: 'ellen@example.com',
  Lines: [
    {
      ItemId: 4,
      StoreName: 'Wireless Sensor Puck',
      Quantity: 2,
      UnitPrice: 39,
      Amount: 78,
      Serial: null,
    },
  ],
  SubTotal: 78,
  Discount: 0,
  Shipping: 9,
  Tax: 6.24,
  GrandTotal: 93.24,
  ShippingType: 'regularShipping',
  DeliveryDate: '2026-11-25',
  TrackingNumber: null,
  DiscountCode: null,
  Credited: null,
  ...extra,
});

describe('OrderHistory', () => {
  it("lists the customer's orders with status and tracking number (issue #15)", async () => {
    signInAs();
    const api = mockApi([
      {
        path: '/api/users/7/orders',
        answer: {
          body: [
            order({
              OrderId: 2,
              OrderNumber: 'MC-000002',
              Status: 'shipped',
              TrackingNumber: '9400 1000 0000',
            }),
            order({}),
          ],
        },
      },
    ]);
    renderWithProviders(<OrderHistory userId={7} />);
    const shipped = (await screen.findByText('Order MC-000002')).closest('li')!;
    expect(within(shipped).getByText('Shipped')).toBeInTheDocument();
    expect(within(shipped).getByText('Tracking number: 9400 1000 0000')).toBeInTheDocument();
    const paid = screen.getByText('Order MC-000001').closest('li')!;
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('2 × Wireless Sensor Puck')).toBeInTheDocument();
    expect(within(paid).getByText(/\$93\.24/)).toBeInTheDocument();
    expect(api.find('GET', '/api/users/7/orders')[0]!.authorization).toBe('Bearer token-1');
  });

  it('says so when the orders cannot be loaded (issue #15)', async () => {
    signInAs();
    mockApi([{ path: '/api/users/7/orders', answer: errorAnswer(500, 'boom') }]);
    renderWithProviders(<OrderHistory userId={7} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your orders could not be loaded. Please try again.',
    );
  });
});
