import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { StoreItem } from '@monitor/contract/store';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import type { StoreAddAnswer } from '../lib/line-limit';
import { ProductCard } from './product-card';

const PUCK: StoreItem = {
  ItemId: 4,
  StoreName: 'Wireless Sensor Puck',
  Description: 'A second room.',
  UnitPrice: 39,
  Weight: 2,
  Active: true,
  Accessory: true,
  MarcellProItem: false,
};

const OVER_LIMIT: StoreAddAnswer = { isAdded: false, lineRoom: { inCart: 8, addable: 2 } };
const ADDED: StoreAddAnswer = { isAdded: true, lineRoom: null };

async function setUp(answers: StoreAddAnswer[]) {
  Cookies.set('tid', '2'); // a brand with a store, phone 1-800-555-0102
  mockApi();
  const onAdd = vi.fn<(item: StoreItem, quantity: number) => StoreAddAnswer>();
  for (const answer of answers) onAdd.mockReturnValueOnce(answer);
  const view = renderWithProviders(<ProductCard item={PUCK} onAdd={onAdd} />);
  const card = await screen.findByRole('article', { name: 'Wireless Sensor Puck' });
  return {
    ...view,
    onAdd,
    quantity: within(card).getByRole('combobox', { name: 'Quantity' }),
    button: within(card).getByRole('button', { name: 'Add Wireless Sensor Puck to cart' }),
  };
}

describe('ProductCard', () => {
  it('says under its button how many more fit when an add would take the line past 10 (store-and-public-site §5; issue #24)', async () => {
    const { user, quantity, button, onAdd } = await setUp([OVER_LIMIT]);
    await user.selectOptions(quantity, '5');
    await user.click(button);
    expect(onAdd).toHaveBeenCalledWith(PUCK, 5);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your cart already holds 8 of the Wireless Sensor Puck; you can add up to 2 more. ' +
        'One order takes at most 10 of each item. To order more, please call us on 1-800-555-0102.',
    );
    // The button is described by it, so reading the button again says why.
    expect(button).toHaveAccessibleDescription(alert.textContent);
    expect(screen.queryByText('Added to your cart.')).toBeNull();
  });

  it('clears the limit message when the quantity changes (issue #24)', async () => {
    const { user, quantity, button } = await setUp([OVER_LIMIT]);
    await user.selectOptions(quantity, '5');
    await user.click(button);
    await screen.findByRole('alert');
    await user.selectOptions(quantity, '2');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(button).not.toHaveAccessibleDescription();
  });

  it('clears the limit message once an add succeeds (issue #24)', async () => {
    const { user, button } = await setUp([OVER_LIMIT, ADDED]);
    await user.click(button);
    await screen.findByRole('alert');
    await user.click(button);
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
