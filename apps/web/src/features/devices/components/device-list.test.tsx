import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { makeDevice } from '../../../entities/device/test/device-fixtures';
import { installFakeWebSocket } from '../../../test/fake-websocket';

const listPath = `/api/users/${DEMO_USER.Id}/devices`;
const devices = (count: number) =>
  Array.from({ length: count }, (_, index) => makeDevice({ Id: index + 1 }));

describe('device list page', () => {
  beforeEach(() => {
    installFakeWebSocket();
    signInAs();
  });

  it('opens in the dashboard view below 4 devices (device-management §2)', async () => {
    mockApi([{ path: listPath, answer: { body: devices(3) } }]);
    renderApp('/devices');
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'Dashboard' })).toBeChecked();
  });

  it('opens in the list view at 4 or more devices (device-management §2, §9)', async () => {
    mockApi([{ path: listPath, answer: { body: devices(4) } }]);
    renderApp('/devices');
    const list = await screen.findByRole('list', { name: 'Devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
  });

  it('draws every device of a long list, the first screen first (issue #26)', async () => {
    Cookies.set('deviceView', 'dashboard');
    mockApi([
      {
        path: listPath,
        answer: {
          body: Array.from({ length: 20 }, (_, index) =>
            makeDevice({ Id: index + 1, Name: `Unit ${String(index + 1).padStart(2, '0')}` }),
          ),
        },
      },
    ]);
    renderApp('/devices');
    // The cards after the first screen come a few at a time; jsdom draws them slowly.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20), {
      timeout: 20_000,
    });
    const names = screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(names[0]).toBe('Unit 01');
    expect(names[19]).toBe('Unit 20');
  }, 30_000);

  it('remembers the chosen view in a cookie and uses it over the default (device-management §2, §3)', async () => {
    Cookies.set('deviceView', 'dashboard');
    mockApi([{ path: listPath, answer: { body: devices(5) } }]);
    const { user } = renderApp('/devices');
    expect(await screen.findAllByRole('article')).toHaveLength(5);
    await user.click(screen.getByText('List'));
    expect(Cookies.get('deviceView')).toBe('list');
    expect(await screen.findByRole('list', { name: 'Devices' })).toBeInTheDocument();
  });

  it('reorders the devices by the chosen sort option (device-management §2)', async () => {
    mockApi([
      {
        path: listPath,
        answer: {
          body: [
            makeDevice({ Id: 1, Name: 'Barn' }),
            makeDevice({ Id: 2, Name: 'Attic' }),
            makeDevice({ Id: 3, Name: 'Cellar' }),
          ],
        },
      },
    ]);
    const { user } = renderApp('/devices');
    const names = async () =>
      (await screen.findAllByRole('article')).map((card) => card.getAttribute('aria-label'));
    expect(await names()).toEqual(['Barn', 'Attic', 'Cellar']);
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Name: Z to A' }));
    await waitFor(async () => expect(await names()).toEqual(['Cellar', 'Barn', 'Attic']));
  });

  it('leads to the add-device wizard when there are no devices', async () => {
    mockApi([{ path: listPath, answer: { body: [] } }]);
    renderApp('/devices');
    expect(await screen.findByRole('link', { name: 'Add a device' })).toHaveAttribute(
      'href',
      '/devices/add',
    );
  });

  it('offers Add a device above a list that has devices, not only when it is empty (issue #10)', async () => {
    mockApi([{ path: listPath, answer: { body: devices(4) } }]);
    renderApp('/devices');
    await screen.findByRole('list', { name: 'Devices' });
    expect(screen.getByRole('link', { name: 'Add a device' })).toHaveAttribute(
      'href',
      '/devices/add',
    );
  });

  it("shows 'An error occurred fetching user device data.' when the list fails (device-management §8)", async () => {
    mockApi([{ path: listPath, answer: errorAnswer(500, 'boom') }]);
    renderApp('/devices');
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent('An error occurred fetching user device data.');
  });
});
