import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { PhoneParts } from '@monitor/domain/shared/phone';
import { EMPTY_PHONE, PhoneNumberInput } from './phone-number-input';

function Harness({ initial = EMPTY_PHONE }: { initial?: PhoneParts }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <PhoneNumberInput label="Phone number" value={value} onChange={setValue} />
      <output>{`${value.areaCode}|${value.prefix}|${value.lineNumber}`}</output>
    </MantineProvider>
  );
}

describe('phone number input', () => {
  it('moves focus from area code to prefix to line number as each fills (accounts-devices-billing §2)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Area code'));
    await user.keyboard('585');
    expect(screen.getByLabelText('Prefix')).toHaveFocus();
    await user.keyboard('555');
    expect(screen.getByLabelText('Line number')).toHaveFocus();
    await user.keyboard('01234');
    expect(screen.getByRole('status')).toHaveTextContent('585|555|0123');
  });

  it('keeps only digits and does not move on before a part is full (accounts-devices-billing §2)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Area code'));
    await user.keyboard('5a8');
    expect(screen.getByLabelText('Area code')).toHaveFocus();
    expect(screen.getByLabelText('Area code')).toHaveValue('58');
  });

  it('steps back to the previous part on Backspace in an empty part', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ areaCode: '585', prefix: '', lineNumber: '' }} />);
    await user.click(screen.getByLabelText('Prefix'));
    await user.keyboard('{Backspace}');
    expect(screen.getByLabelText('Area code')).toHaveFocus();
  });

  it('fills all three parts from a pasted number (accounts-devices-billing §5)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText('Area code'));
    await user.paste('1 (585) 555-0123');
    expect(screen.getByRole('status')).toHaveTextContent('585|555|0123');
  });
});
