import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UserDevice } from '@monitor/contract/user-devices';
import { AppProviders } from '../../../app/providers';
import { signInAs } from '../../../test/render-app';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { DEVICE_ID, historyDevice } from '../test/history-fixtures';
import { WeeklyReportSwitch } from './weekly-report-switch';

const SCHEDULE_PATH = `/api/reportschedule/devices/${DEVICE_ID}`;
// Mantine's label wraps the description: the name is both.
const LABEL = /^E-mail me a weekly report/;

async function renderSwitch(device: UserDevice = historyDevice()) {
  signInAs();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <p>History</p>
      <WeeklyReportSwitch device={device} />
    </AppProviders>,
  );
  // The brand gate shows a loader until the brands answer.
  await screen.findByText('History');
  return { user };
}

/** The schedule answers `initial`; a PUT answers with its body unless `putAnswer` says otherwise. */
function withSchedule(initial: boolean, putAnswer?: MockRoute['answer']) {
  return mockApi([
    { path: SCHEDULE_PATH, answer: { body: { WeeklyReport: initial } } },
    {
      method: 'PUT',
      path: SCHEDULE_PATH,
      answer: putAnswer ?? ((call) => ({ body: call.body })),
    },
  ]);
}

describe('weekly report opt-in (issue #12, decision 032)', () => {
  it('shows whether the weekly report is on, with what it holds', async () => {
    withSchedule(true);
    await renderSwitch();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toBeChecked();
    expect(
      screen.getByText(
        "Every Monday morning (device's zone): the week's lowest, highest and average readings, the alarms, and the week's readings as a CSV file.",
      ),
    ).toBeInTheDocument();
  });

  it('turns the report on, then off, sending the new state', async () => {
    const api = withSchedule(false);
    const { user } = await renderSwitch();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(api.find('PUT', SCHEDULE_PATH)).toHaveLength(1));
    expect(api.find('PUT', SCHEDULE_PATH)[0]!.body).toEqual({ WeeklyReport: true });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();

    await user.click(toggle);
    await waitFor(() => expect(api.find('PUT', SCHEDULE_PATH)).toHaveLength(2));
    expect(api.find('PUT', SCHEDULE_PATH)[1]!.body).toEqual({ WeeklyReport: false });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the new state before the server answers', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    withSchedule(false, () => new Promise((resolve) => (answer = resolve)));
    const { user } = await renderSwitch();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    answer({ body: { WeeklyReport: true } });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
  });

  it('puts the switch back and says so when the server refuses', async () => {
    withSchedule(false, errorAnswer(403, 'Only the owner can change the weekly report.'));
    const { user } = await renderSwitch();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The weekly report could not be turned on. Only the owner can change the weekly report.',
    );
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it('puts the switch back on when turning it off fails on the server', async () => {
    withSchedule(true, errorAnswer(500, 'database exploded'));
    const { user } = await renderSwitch();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The weekly report could not be turned off. Please try again later.',
    );
    expect(toggle).toBeChecked();
  });

  it('is absent for a sub-account, which asks nothing', async () => {
    const api = withSchedule(false);
    await renderSwitch(historyDevice({ SubAccountDevice: true }));
    expect(screen.queryByRole('switch', { name: LABEL })).not.toBeInTheDocument();
    expect(api.find('GET', SCHEDULE_PATH)).toHaveLength(0);
  });
});
