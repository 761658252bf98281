import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER, inOneHour } from '../test/fixtures';
import { errorAnswer, mockApi } from '../test/mock-api';
import { ApiError, apiRequest } from './api-client';
import { endSession, startSession } from './session';

describe('apiRequest', () => {
  afterEach(() => endSession());

  it('sends the session token in the Authorization header, never in the address (OWASP ASVS 14.2.1)', async () => {
    const api = mockApi([{ path: '/api/users/7', answer: { body: { ok: true } } }]);
    startSession({ user: DEMO_USER, apiToken: 'secret-token', expiresAt: inOneHour() });
    await apiRequest('/api/users/7', { query: { tid: 2 } });
    const [call] = api.find('GET', '/api/users/7');
    expect(call!.authorization).toBe('Bearer secret-token');
    expect([...call!.query.keys()]).toEqual(['tid']);
    expect(call!.query.toString()).not.toContain('secret-token');
  });

  it('sends no token on calls made without one (registration, password reset)', async () => {
    const api = mockApi([{ method: 'POST', path: '/RegistrationGateway.php', answer: {} }]);
    startSession({ user: DEMO_USER, apiToken: 'secret-token', expiresAt: inOneHour() });
    await apiRequest('/RegistrationGateway.php', { method: 'POST', body: {}, withToken: false });
    expect(api.find('POST', '/RegistrationGateway.php')[0]!.authorization).toBeNull();
  });

  it('gives a validation refusal in words, without the field path the server names (issue #24)', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/sales/',
        answer: errorAnswer(400, 'items.0.Quantity: Quantity must be a whole number from 1 to 10.'),
      },
    ]);
    const error = await apiRequest('/api/sales/', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Quantity must be a whole number from 1 to 10.');
  });
});
