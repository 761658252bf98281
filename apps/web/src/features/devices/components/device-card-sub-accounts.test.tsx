import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEMO_USER } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import { installFakeWebSocket } from '../../../test/fake-websocket';

const listPath = `/api/users/${DEMO_USER.Id}/devices`;

async function showCard(device: UserDevice) {
  mockApi([{ path: listPath, answer: { body: [device] } }]);
  const view = renderApp('/devices');
  const card = await screen.findByRole('article', { name: device.Name! }, { timeout: 5000 });
  return { ...view, card };
}

describe('dashboard card: sub-account page', () => {
  beforeEach(() => {
    installFakeWebSocket();
    signInAs();
  });

  it.each([
    [4, '/devices/11/marcellpro'],
    [5, '/devices/11/marcellpro'],
    [10, '/devices/11/nistdevice'],
  ])(
    'links the owner of a type %i device to its sub-account page %s (device-management §2)',
    async (deviceType, path) => {
      const { card } = await showCard(makeDevice({ Name: 'Walk-in', DeviceType: deviceType }));
      expect(within(card).getByRole('link', { name: 'Sub-accounts for Walk-in' })).toHaveAttribute(
        'href',
        path,
      );
    },
  );

  it.each([
    ['a basic device', makeDevice({ Name: 'Walk-in', DeviceType: 1 })],
    ['a sub-account', makeDevice({ Name: 'Walk-in', DeviceType: 4, SubAccountDevice: true })],
  ])('offers no sub-account page to %s (device-management §2, §6)', async (_case, device) => {
    const { card } = await showCard(device);
    expect(within(card).getByRole('link', { name: 'Settings for Walk-in' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /^Sub-accounts/ })).not.toBeInTheDocument();
  });

  it('takes the owner to the sub-account page from the card (device-management §2)', async () => {
    const { card, user, location } = await showCard(makeDevice({ Name: 'Walk-in' }));
    await user.click(within(card).getByRole('link', { name: 'Sub-accounts for Walk-in' }));
    await waitFor(() => expect(location().pathname).toBe('/devices/11/marcellpro'));
  });
});
