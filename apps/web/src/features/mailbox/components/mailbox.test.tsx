import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('local mailbox', () => {
  it('lists messages with subject and recipient, and opens one to show its links', async () => {
    mockApi([
      {
        path: '/api/outbox',
        answer: {
          body: {
            messages: [
              {
                Id: 3,
                Channel: 'email',
                Recipient: 'ellen@example.com',
                Subject: 'Reset your password',
                TextBody: `Choose a new password: ${window.location.origin}/resetpassword?id=7&expires=1&token=t`,
                HtmlBody: '<p>Choose a new password</p>',
                AttachmentNames: [],
                CreatedAt: '2025-01-01T10:00:00Z',
              },
            ],
          },
        },
      },
    ]);
    const { user } = renderApp('/mailbox');
    const item = await screen.findByRole('button', { name: /Reset your password/ });
    expect(item).toHaveTextContent('To ellen@example.com');
    await user.click(item);
    expect(await screen.findByTitle('Message: Reset your password')).toHaveAttribute('sandbox');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: /resetpassword\?id=7/ }),
    ).toHaveAttribute('href', '/resetpassword?id=7&expires=1&token=t');
  });

  it('says mail goes through the SMTP server when the outbox answers 404', async () => {
    mockApi([{ path: '/api/outbox', answer: errorAnswer(404, 'No such call') }]);
    renderApp('/mailbox');
    expect(
      await screen.findByText('Mail is delivered by the configured SMTP server.'),
    ).toBeInTheDocument();
  });

  it('says the mailbox opens only on the server’s computer or to staff when it answers 401 (decision 019)', async () => {
    mockApi([{ path: '/api/outbox', answer: errorAnswer(401, 'Please sign in to continue.') }]);
    renderApp('/mailbox');
    expect(await screen.findByText('The mailbox is closed here')).toBeInTheDocument();
  });
});
