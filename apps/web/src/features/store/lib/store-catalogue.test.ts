import { describe, expect, it } from 'vitest';
import { PUCK_ITEM } from '../../../test/fixtures';
import { readAddFromAddress } from './store-catalogue';

const PUCK = PUCK_ITEM;

const read = (search: string) => readAddFromAddress(new URLSearchParams(search), [PUCK]);

describe('readAddFromAddress (decision 071)', () => {
  it('reads the item and quantity a store card’s form sends', () => {
    expect(read('add=4&quantity=10')).toEqual({ item: PUCK, quantity: 10 });
  });

  it('refuses an item not on sale here and a quantity the card does not offer (store-and-public-site §2 "Store page": 1 to 10)', () => {
    for (const search of [
      'add=5&quantity=1',
      'add=4&quantity=0',
      'add=4&quantity=11',
      'add=4&quantity=2.5',
      'add=4&quantity=',
      'add=4',
      'add=&quantity=1',
      'quantity=1',
    ]) {
      expect(read(search), search).toBeNull();
    }
  });
});
