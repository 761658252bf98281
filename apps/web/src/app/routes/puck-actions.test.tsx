import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { puck, userDevice } from '../../features/device-detail/test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../test/mock-api';
import { renderApp, signInAs } from '../../test/render-app';

const OLD = '0A1B2C3D';
const NEW = '0A1B2C3E';
const IMEI = '356938035643809';
const SLOW = { timeout: 5000 };

function showPuckStatus(
  routes: MockRoute[] = [],
  device = userDevice({
    Peripherals: [puck(OLD, 32775, [], { Name: 'Freezer puck' })],
  }),
) {
  signInAs();
  const api = mockApi([
    ...routes,
    { path: '/api/users/7/devices/5', answer: { body: device } },
    {
      path: '/api/validation/peripheral',
      answer: { body: { Id: NEW, SerialNumber: '0A-1B-2C-3E', LogicLevel: 32775, SPuckStyle: 0 } },
    },
  ]);
  return { ...renderApp('/devices/5?view=spuckstatus'), api };
}

describe(
  'replace and remove a puck on the SPuck Status tab (device-management §2, §4, §8)',
  { timeout: 30_000 },
  () => {
    it('replaces a puck by a new serial with [old id, new serial, IMEI]', async () => {
      const { user, api } = showPuckStatus([
        {
          method: 'PUT',
          path: '/api/devices/transferSpuck',
          answer: { body: puck(NEW, 32775, []) },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Replace Freezer puck' }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: 'Replace Freezer puck' });
      await user.click(within(dialog).getByLabelText('Serial number part 1 of 4'));
      await user.keyboard(NEW);
      await within(dialog).findByText('SPuck id found.', undefined, SLOW);
      await user.click(within(dialog).getByRole('button', { name: 'Replace SPuck' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Replace Freezer puck' }),
        ).not.toBeInTheDocument(),
      );
      expect(api.find('PUT', '/api/devices/transferSpuck')[0]?.body).toEqual([OLD, NEW, IMEI]);
    });

    it("shows 'Unable to replace SPuck, {message}' when the transfer fails", async () => {
      const { user } = showPuckStatus([
        {
          method: 'PUT',
          path: '/api/devices/transferSpuck',
          answer: errorAnswer(404, 'SPuck not found'),
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Replace Freezer puck' }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: 'Replace Freezer puck' });
      await user.click(within(dialog).getByLabelText('Serial number part 1 of 4'));
      await user.keyboard(NEW);
      await within(dialog).findByText('SPuck id found.', undefined, SLOW);
      await user.click(within(dialog).getByRole('button', { name: 'Replace SPuck' }));
      expect(await screen.findByRole('dialog', { name: 'Error!' }, SLOW)).toHaveTextContent(
        'Unable to replace SPuck, SPuck not found',
      );
    });

    it('removes a puck after confirmation and sets the 5-minute removal cookie (device-management §3, §9)', async () => {
      const { user, api } = showPuckStatus([
        {
          method: 'DELETE',
          path: `/api/devices/5/peripherals/${OLD}`,
          answer: { body: { ok: true } },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Remove Freezer puck' }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: 'Remove SPuck' });
      expect(api.find('DELETE', `/api/devices/5/peripherals/${OLD}`)).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Remove SPuck' }));
      await waitFor(() =>
        expect(api.find('DELETE', `/api/devices/5/peripherals/${OLD}`)).toHaveLength(1),
      );
      expect(Cookies.get('peripheralRemoved')).toBe(OLD);
    });

    it("shows 'An error occurred removing peripheral.' when the removal fails", async () => {
      const { user } = showPuckStatus([
        {
          method: 'DELETE',
          path: `/api/devices/5/peripherals/${OLD}`,
          answer: errorAnswer(500, 'boom'),
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Remove Freezer puck' }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: 'Remove SPuck' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove SPuck' }));
      expect(await screen.findByRole('dialog', { name: 'Error!' }, SLOW)).toHaveTextContent(
        'An error occurred removing peripheral.',
      );
      expect(Cookies.get('peripheralRemoved')).toBeUndefined();
    });

    it("offers no replace or remove on a sub-account's shared device (device-management §6)", async () => {
      showPuckStatus(
        [],
        userDevice({
          SubAccountDevice: true,
          Peripherals: [puck(OLD, 32775, [], { Name: 'Freezer puck' })],
        }),
      );
      expect(
        await screen.findByRole('article', { name: /Freezer puck/ }, SLOW),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove Freezer puck' })).not.toBeInTheDocument();
    });
  },
);
