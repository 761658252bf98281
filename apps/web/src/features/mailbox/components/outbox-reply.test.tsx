import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const message = (fields: Record<string, unknown>) => ({
  Subject: null,
  HtmlBody: null,
  AttachmentNames: [],
  OffersKeypress: false,
  CreatedAt: '2026-11-22T12:00:00Z',
  ...fields,
});

const OUTBOX = {
  path: '/api/outbox',
  answer: {
    body: {
      messages: [
        message({
          Id: 8,
          Channel: 'sms',
          Recipient: '15855550101',
          TextBody: 'Freezer too warm\nReply ACK to acknowledge.',
        }),
        message({
          Id: 7,
          Channel: 'voice',
          Recipient: '15855550102',
          TextBody: 'Power is off.\nPress 1 to acknowledge this alarm.',
          OffersKeypress: true,
        }),
        message({
          Id: 6,
          Channel: 'voice',
          Recipient: '15855550102',
          TextBody: 'Power is back on.',
        }),
      ],
    },
  },
};

describe('local mailbox: answering texts and calls', () => {
  it('issue #23 acknowledge by text/call: the Reply box sends the recipient’s text and shows the text sent back', async () => {
    const api = mockApi([
      OUTBOX,
      {
        method: 'POST',
        path: '/api/outbox/replies',
        answer: (call) => ({
          body: {
            Reply:
              (call.body as { Body: string }).Body === 'ACK'
                ? 'Acknowledged: Freezer temperature alarm. Everyone told will hear you answered.'
                : 'Reply ACK to acknowledge the alarm.',
          },
        }),
      },
    ]);
    const { user } = renderApp('/mailbox');
    await user.click(await screen.findByRole('button', { name: /Freezer too warm/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), 'ACK');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(
      await screen.findByText(
        'Acknowledged: Freezer temperature alarm. Everyone told will hear you answered.',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/outbox/replies').map((call) => call.body)).toEqual([
      { Channel: 'sms', From: '15855550101', Body: 'ACK' },
    ]);
    // A text has no key to press.
    expect(screen.queryByRole('button', { name: 'Press 1' })).not.toBeInTheDocument();
  });

  it('issue #23 acknowledge by text/call: Press 1 on an alarm call sends the key for that call and shows what the call says', async () => {
    const api = mockApi([
      OUTBOX,
      {
        method: 'POST',
        path: '/api/outbox/replies',
        answer: { body: { Reply: 'Thank you. The alarm is acknowledged.' } },
      },
    ]);
    const { user } = renderApp('/mailbox');
    await user.click(await screen.findByRole('button', { name: /Power is off/ }));
    await user.click(await screen.findByRole('button', { name: 'Press 1' }));

    expect(await screen.findByText('Thank you. The alarm is acknowledged.')).toBeInTheDocument();
    expect(api.find('POST', '/api/outbox/replies').map((call) => call.body)).toEqual([
      { Channel: 'voice', MessageId: 7, Digits: '1' },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('issue #23 acknowledge by text/call: a call that asks for no key offers none, and a refused answer is shown', async () => {
    mockApi([
      OUTBOX,
      {
        method: 'POST',
        path: '/api/outbox/replies',
        answer: errorAnswer(404, 'There is no local outbox: texts and calls go through Twilio.'),
      },
    ]);
    const { user } = renderApp('/mailbox');
    await user.click(await screen.findByRole('button', { name: /Power is back on/ }));
    // The open call's words, under its title.
    expect(await screen.findByText('Power is back on.', { selector: 'pre' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Press 1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Freezer too warm/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), 'ACK');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no local outbox: texts and calls go through Twilio.',
    );
  });
});
