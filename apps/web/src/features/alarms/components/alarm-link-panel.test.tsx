import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AlarmLinkView } from '@monitor/contract/alarms';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';
import { anEvent, aLinkView } from '../test/alarm-fixtures';

const SLOW = { timeout: 5000 };
const PAGE = '/alarms/5/acknowledge?token=signed-token';

function withLink(answer: MockRoute['answer'], routes: MockRoute[] = []) {
  return mockApi([{ path: '/api/alarms/5', answer }, ...routes]);
}

const viewOf = (view: AlarmLinkView) => ({ body: view });

const findTitle = () =>
  screen.findByRole('heading', { level: 2, name: 'Temperature alarm on Freezer' }, SLOW);

describe('the public acknowledge page (issue #23)', () => {
  it('issue #23 public acknowledge: shows what the alarm is — unit, sensor, when in the unit’s zone, peak, state — without signing in', async () => {
    const api = withLink(viewOf(aLinkView({ TempPref: 'C' })));
    const { location } = renderApp(PAGE);
    expect(await findTitle()).toBeInTheDocument();
    expect(location().pathname).toBe('/alarms/5/acknowledge');
    const facts = screen.getByRole('region', { name: 'Temperature alarm on Freezer' });
    expect(facts).toHaveTextContent('UnitFreezer');
    expect(facts).toHaveTextContent('StartedMonday, November 23, 2026 at 9:00 AM EST');
    expect(facts).toHaveTextContent('EndedStill out of range');
    expect(facts).toHaveTextContent('Peak35°C');
    expect(facts).toHaveTextContent('StateActive — not acknowledged');
    const [call] = api.find('GET', '/api/alarms/5');
    expect(call!.query.get('token')).toBe('signed-token');
    expect(call!.authorization).toBeNull();
  });

  it('issue #23 public acknowledge: one button acknowledges with the token, then says everyone told will hear of it', async () => {
    // Signed in or not, the link's token decides; the session's token is not sent with it.
    signInAs();
    const api = withLink(viewOf(aLinkView()), [
      {
        method: 'POST',
        path: '/api/alarms/5/acknowledge',
        answer: {
          body: anEvent({
            State: 'active-acknowledged',
            AcknowledgedAt: '2026-11-23T14:30:00.000Z',
            AcknowledgedBy: 'ellen@example.com',
            AcknowledgedVia: 'email',
          }),
        },
      },
    ]);
    const { user } = renderApp(PAGE);
    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Acknowledge alarm' }));
    const done = await screen.findByText(
      'Acknowledged — everyone who was told will hear that you answered.',
    );
    expect(done).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Acknowledge alarm' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Temperature alarm on Freezer' })).toHaveTextContent(
      'StateActive — acknowledged',
    );
    const [call] = api.find('POST', '/api/alarms/5/acknowledge');
    expect(call!.query.get('token')).toBe('signed-token');
    expect(call!.authorization).toBeNull();
  });

  it('issue #23 public acknowledge: an alarm already acknowledged says by whom and when, with no button', async () => {
    withLink(
      viewOf(
        aLinkView({
          State: 'cleared-acknowledged',
          EndedAt: '2026-11-23T15:00:00.000Z',
          AcknowledgedBy: 'Dallas',
          AcknowledgedAt: '2026-11-23T14:30:00.000Z',
        }),
      ),
    );
    renderApp(PAGE);
    await findTitle();
    expect(
      screen.getByText(
        'Already acknowledged by Dallas on Monday, November 23, 2026 at 9:30 AM EST.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge alarm' })).toBeNull();
  });

  it('issue #23 public acknowledge: snoozes the unit’s alarms for 1, 4 or 24 hours with the token', async () => {
    const until = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const api = withLink(viewOf(aLinkView()), [
      { method: 'POST', path: '/api/alarms/5/snooze', answer: { body: { SnoozedUntil: until } } },
    ]);
    const { user } = renderApp(PAGE);
    await findTitle();
    const choices = screen.getByRole('group', { name: "Snooze this unit's alarms for" });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1 hour', '4 hours', '24 hours']);
    await user.click(within(choices).getByRole('button', { name: '24 hours' }));
    expect(
      await screen.findByText(
        /^This unit's alarms are snoozed until \d{1,2}:\d{2} [AP]M EST tomorrow\.$/,
      ),
    ).toHaveAttribute('role', 'status');
    const [call] = api.find('POST', '/api/alarms/5/snooze');
    expect(call!.query.get('token')).toBe('signed-token');
    expect(call!.body).toEqual({ Hours: 24 });
    expect(call!.authorization).toBeNull();
  });

  it('issue #23 public acknowledge: an expired or wrong link (403) shows the API’s message and a Sign in link', async () => {
    withLink(errorAnswer(403, 'This alarm link has expired. Sign in to acknowledge the alarm.'));
    const { location } = renderApp(PAGE);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent(
      'This alarm link has expired. Sign in to acknowledge the alarm.',
    );
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=/devices',
    );
    // Refused, but still here: the page is public.
    expect(location().pathname).toBe('/alarms/5/acknowledge');
    expect(screen.queryByRole('button', { name: 'Acknowledge alarm' })).toBeNull();
  });

  it('issue #23 public acknowledge: a link the API refuses on the click shows its message and Sign in too', async () => {
    withLink(viewOf(aLinkView()), [
      {
        method: 'POST',
        path: '/api/alarms/5/acknowledge',
        answer: errorAnswer(403, 'This alarm link has expired.'),
      },
    ]);
    const { user } = renderApp(PAGE);
    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Acknowledge alarm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This alarm link has expired.');
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('issue #23 public acknowledge: a link without its token asks no API and says it cannot be used', async () => {
    const api = mockApi();
    renderApp('/alarms/5/acknowledge');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('This alarm link is not valid. Sign in to see your alarms.');
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.apiCalls()).toHaveLength(0);
  });
});
