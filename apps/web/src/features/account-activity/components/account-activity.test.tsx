import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEventEntry, AuditEventsPage } from '@monitor/contract/audit-events';
import { formatDateTime } from '../../../lib/format';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp, renderWithProviders, signInAs } from '../../../test/render-app';
import { DEMO_USER } from '../../../test/fixtures';
import { AccountActivity } from './account-activity';

const path = '/api/users/7/auditevents';

const entry = (extra: Partial<AuditEventEntry>): AuditEventEntry => ({
  Id: 1,
  OccurredAt: '2026-11-27T15:00:00.000Z',
  Action: 'account.password-change',
  Description: 'Your password was changed.',
  Actor: null,
  ...extra,
});

const page = (Events: AuditEventEntry[], NextBefore: number | null = null): AuditEventsPage => ({
  Events,
  NextBefore,
});

describe('AccountActivity', () => {
  it('lists the account’s changes in the server’s words, with the time in the browser’s zone and who acted when it was staff (issue #22)', async () => {
    signInAs();
    const api = mockApi([
      {
        path,
        answer: {
          body: page([
            entry({
              Id: 3,
              OccurredAt: '2026-11-27T16:30:00.000Z',
              Action: 'billing.card-change',
              Description: 'Your card on file was changed to Visa ending in 1111.',
              Actor: 'customer service',
            }),
            entry({}),
          ]),
        },
      },
    ]);
    renderWithProviders(<AccountActivity userId={7} />);
    const list = await screen.findByRole('list', { name: 'Account activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Your card on file was changed to Visa ending in 1111.');
    expect(items[0]).toHaveTextContent(
      `${formatDateTime('2026-11-27T16:30:00.000Z')} · by customer service`,
    );
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T16:30:00.000Z');
    expect(items[1]).toHaveTextContent('Your password was changed.');
    expect(items[1]).not.toHaveTextContent('customer service');
    expect(screen.getByRole('heading', { level: 2, name: 'Account activity' })).toBeVisible();
    expect(api.find('GET', path)[0]!.authorization).toBe('Bearer token-1');
  });

  it('shows a loading state, then says so when there is nothing yet', async () => {
    signInAs();
    let answer: (value: { body: AuditEventsPage }) => void = () => undefined;
    mockApi([{ path, answer: () => new Promise((resolve) => (answer = resolve)) }]);
    renderWithProviders(<AccountActivity userId={7} />);
    const loading = await screen.findByText('Loading your account activity…');
    expect(loading.closest('[role="status"]')).not.toBeNull();
    answer({ body: page([]) });
    expect(await screen.findByText('No changes to your account yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading your account activity…')).not.toBeInTheDocument();
  });

  it('asks for older entries before the last one shown', async () => {
    signInAs();
    const api = mockApi([
      {
        path,
        answer: ({ query }) => ({
          body:
            query.get('before') === '5'
              ? page([entry({ Id: 4, Description: 'An older change.' })])
              : page([entry({ Id: 5, Description: 'A newer change.' })], 5),
        }),
      },
    ]);
    const { user } = renderWithProviders(<AccountActivity userId={7} />);
    await screen.findByText('A newer change.');
    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    expect(await screen.findByText('An older change.')).toBeInTheDocument();
    expect(api.find('GET', path).map((call) => call.query.get('before'))).toEqual([null, '5']);
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
  });

  it('says so when the activity cannot be loaded, and tries again on request', async () => {
    signInAs();
    let isFailing = true;
    mockApi([
      {
        path,
        answer: () =>
          isFailing ? errorAnswer(500, 'boom') : { body: page([entry({ Description: 'Back.' })]) },
      },
    ]);
    const { user } = renderWithProviders(<AccountActivity userId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account activity could not be loaded. Please try again.');
    isFailing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back.')).toBeInTheDocument();
  });

  it('is on the account page, for the signed-in user (issue #22)', async () => {
    signInAs();
    mockApi([
      { path: `/api/users/${DEMO_USER.Id}`, answer: { body: DEMO_USER } },
      {
        path: `/api/users/${DEMO_USER.Id}/auditevents`,
        answer: { body: page([entry({ Description: 'Your password was changed.' })]) },
      },
    ]);
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Account activity' });
    expect(await within(section).findByText('Your password was changed.')).toBeInTheDocument();
  });
});
