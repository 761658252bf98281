import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router';
import type { StoreItem } from '@monitor/contract/store';
import { PUCK_ITEM } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import type { StoreAddAnswer } from '../lib/line-limit';
import { ProductCard } from './product-card';

const PUCK = PUCK_ITEM;

const OVER_LIMIT: StoreAddAnswer = { isAdded: false, lineRoom: { inCart: 8, addable: 2 } };
const ADDED: StoreAddAnswer = { isAdded: true, lineRoom: null };

async function setUp(answers: StoreAddAnswer[], address = '/store') {
  Cookies.set('tid', '2'); // a brand with a store, phone 1-800-555-0102
  mockApi();
  const onAdd = vi.fn<(item: StoreItem, quantity: number) => StoreAddAnswer>();
  for (const answer of answers) onAdd.mockReturnValueOnce(answer);
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <ProductCard item={PUCK} onAdd={onAdd} />
    </MemoryRouter>,
  );
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

  it('is a form asking the store page for the add, for a press before the page’s code has come (decision 071)', async () => {
    const { user, quantity, button, onAdd } = await setUp([ADDED]);
    await user.selectOptions(quantity, '3');
    const form = (button as HTMLButtonElement).form!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/store');
    expect(button).toHaveAttribute('type', 'submit');
    expect(Object.fromEntries(new FormData(form))).toEqual({ add: '4', quantity: '3' });
    // With the code here, the add is made in place.
    await user.click(button);
    expect(onAdd).toHaveBeenCalledWith(PUCK, 3);
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
  });

  it('says on the card an add made from the store’s address, and takes the customer back to its button (decision 071)', async () => {
    Cookies.set('tid', '2');
    mockApi();
    const view = renderWithProviders(
      <MemoryRouter initialEntries={['/store']}>
        <ProductCard item={PUCK} onAdd={vi.fn()} addedFromAddress={OVER_LIMIT} />
      </MemoryRouter>,
    );
    expect(await view.findByRole('alert')).toHaveTextContent(
      'Your cart already holds 8 of the Wireless Sensor Puck',
    );
    expect(screen.getByRole('button', { name: 'Add Wireless Sensor Puck to cart' })).toHaveFocus();
  });

  it('keeps the brand the address named in the form, which the page’s code would have remembered (store-and-public-site §1 "tid"; decision 071)', async () => {
    const { button } = await setUp([], '/store?tid=6');
    const form = (button as HTMLButtonElement).form!;
    expect(new FormData(form).get('tid')).toBe('6');
  });
});
