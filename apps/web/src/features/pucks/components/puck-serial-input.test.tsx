import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { signInAs } from '../../../test/render-app';
import { PuckSerialInput, type PuckSerialState } from './puck-serial-input';

const part = (n: number) => screen.getByLabelText(`Serial number part ${n} of 4`);

async function renderSerialInput() {
  signInAs();
  const states: PuckSerialState[] = [];
  const onStateChange = vi.fn((state: PuckSerialState) => states.push(state));
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <PuckSerialInput onStateChange={onStateChange} />
    </AppProviders>,
  );
  // The providers show the page once the brand list has loaded.
  await screen.findByLabelText('Serial number part 1 of 4', undefined, { timeout: 5000 });
  return { user, states };
}

describe(
  'puck serial entry (device-management §2, §4 "Serial entry", §5)',
  { timeout: 20_000 },
  () => {
    it('moves focus to the next part as each part fills with 2 hex characters', async () => {
      mockApi([{ path: '/api/validation/peripheral', answer: { body: {} } }]);
      const { user } = await renderSerialInput();
      await user.click(part(1));
      await user.keyboard('0a');
      expect(part(1)).toHaveValue('0A');
      expect(part(2)).toHaveFocus();
      await user.keyboard('1');
      expect(part(2)).toHaveFocus();
      await user.keyboard('b');
      expect(part(3)).toHaveFocus();
    });

    it('drops characters that are not hexadecimal and stays invalid until all four parts are full', async () => {
      const api = mockApi([{ path: '/api/validation/peripheral', answer: { body: {} } }]);
      const { user, states } = await renderSerialInput();
      await user.click(part(1));
      await user.keyboard('zq0a1b2c');
      expect(part(1)).toHaveValue('0A');
      expect(part(3)).toHaveValue('2C');
      expect(screen.getByText('Enter all four parts of the SPuck id.')).toBeInTheDocument();
      expect(states.at(-1)).toEqual({ status: 'invalid', message: null });
      expect(api.find('GET', '/api/validation/peripheral')).toHaveLength(0);
    });

    it('checks the whole serial with the server: validating, then valid', async () => {
      let release: () => void = () => undefined;
      const api = mockApi([
        {
          path: '/api/validation/peripheral',
          answer: () =>
            new Promise((resolve) => {
              release = () =>
                resolve({
                  body: {
                    Id: '0A1B2C3D',
                    SerialNumber: '0A-1B-2C-3D',
                    LogicLevel: 32775,
                    SPuckStyle: 0,
                  },
                });
            }),
        },
      ]);
      const { user, states } = await renderSerialInput();
      await user.click(part(1));
      await user.keyboard('0a1b2c3d');
      expect(
        await screen.findByText('Checking the SPuck id…', undefined, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(states.at(-1)).toEqual({ status: 'validating' });
      release();
      expect(
        await screen.findByText('SPuck id found.', undefined, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(states.at(-1)).toMatchObject({ status: 'valid', serial: '0A1B2C3D' });
      expect(api.find('GET', '/api/validation/peripheral')[0]?.query.get('serial')).toBe(
        '0A1B2C3D',
      );
    });

    it("shows the server's message when the serial is registered to another device (409)", async () => {
      mockApi([
        {
          path: '/api/validation/peripheral',
          answer: errorAnswer(409, 'This SPuck is already registered to a device.'),
        },
      ]);
      const { user, states } = await renderSerialInput();
      await user.click(part(1));
      await user.keyboard('0a1b2c3d');
      expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(
        'This SPuck is already registered to a device.',
      );
      expect(part(4)).toHaveAttribute('aria-invalid', 'true');
      expect(states.at(-1)).toEqual({
        status: 'invalid',
        message: 'This SPuck is already registered to a device.',
      });
    });

    it('fills all four parts from a whole id pasted into the first', async () => {
      mockApi([
        { path: '/api/validation/peripheral', answer: errorAnswer(404, 'SPuck not found') },
      ]);
      const { user } = await renderSerialInput();
      await user.click(part(1));
      await user.paste('0a-1b-2c-3d');
      expect([1, 2, 3, 4].map((n) => (part(n) as HTMLInputElement).value)).toEqual([
        '0A',
        '1B',
        '2C',
        '3D',
      ]);
      expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(
        'SPuck not found',
      );
    });
  },
);
