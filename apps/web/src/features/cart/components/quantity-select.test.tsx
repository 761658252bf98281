import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { QuantitySelect } from './quantity-select';

describe('QuantitySelect', () => {
  it('shows the quantity the line holds even outside 1 to 10, so box and line total agree (issue #24)', () => {
    render(
      <MantineProvider env="test">
        <QuantitySelect label="Quantity" value={15} onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toHaveValue('15');
  });
});
