import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { ContactForm } from './contact-form';

const CONTACT = '/api/contactus';
const SLOW = { timeout: 5000 };

async function fill(user: ReturnType<typeof renderWithProviders>['user'], phone = '585 555 0100') {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }, SLOW), 'Ellen Ripley');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ellen@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), phone);
  await user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'NY');
  await user.type(
    screen.getByRole('textbox', { name: 'Message' }),
    'Does it work in a boat house?',
  );
}

describe('the contact form', () => {
  it('sends nothing while a field is invalid (store-and-public-site §2 "Contact page", §5)', async () => {
    const api = mockApi([{ method: 'POST', path: CONTACT, answer: { status: 201, body: {} } }]);
    const { user } = renderWithProviders(<ContactForm />);
    await user.click(await screen.findByRole('button', { name: 'Send message' }, SLOW));
    expect(screen.getByText('Enter your name.')).toBeVisible();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(screen.getByText('Enter your message.')).toBeVisible();
    await fill(user, '555 0100');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter a 10-digit phone number, or leave it empty.')).toBeVisible();
    expect(api.find('POST', CONTACT)).toHaveLength(0);
  });

  it('posts the contact with the brand’s tenant and the phone stored with its leading 1, then confirms (store-and-public-site §3 "Contact", §5)', async () => {
    const api = mockApi([{ method: 'POST', path: CONTACT, answer: { status: 201, body: {} } }]);
    const { user } = renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent', undefined, SLOW)).toBeVisible();
    expect(api.find('POST', CONTACT)[0]!.body).toEqual({
      TenantId: 1,
      Name: 'Ellen Ripley',
      Email: 'ellen@example.com',
      Phone: '15855550100',
      State: 'NY',
      Country: 'United States',
      Message: 'Does it work in a boat house?',
    });
  });

  it("alerts 'An unexpected error occurred. Please try again.' when sending fails, keeping the message (store-and-public-site §8)", async () => {
    mockApi([{ method: 'POST', path: CONTACT, answer: errorAnswer(500, 'down') }]);
    const { user } = renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(dialog).toHaveTextContent('An unexpected error occurred. Please try again.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Does it work in a boat house?',
    );
  });
});
