import { describe, expect, it } from 'vitest';
import { PasswordResetRequest, RegistrationRequest } from './auth';

const registration = {
  FirstName: 'dana',
  LastName: 'demo',
  EmailAddress: ' Dana@Example.COM ',
  Password: 'long enough',
  ConfirmPassword: 'long enough',
};

describe('RegistrationRequest', () => {
  it('accepts a complete registration and lower-cases the e-mail address', () => {
    const parsed = RegistrationRequest.parse(registration);
    expect(parsed.EmailAddress).toBe('dana@example.com');
  });

  it('refuses a confirm password that differs from the password (store-and-public-site §5)', () => {
    const result = RegistrationRequest.safeParse({ ...registration, ConfirmPassword: 'other one' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['ConfirmPassword']);
  });

  it('refuses a where-did-you-hear id that is not one of the options (store-and-public-site §3)', () => {
    expect(RegistrationRequest.safeParse({ ...registration, ProductOrigin: 6 }).success).toBe(
      false,
    );
    expect(RegistrationRequest.safeParse({ ...registration, ProductOrigin: 10 }).success).toBe(
      true,
    );
  });

  it('accepts segment 8, the value sent when none is chosen (store-and-public-site §3)', () => {
    expect(
      RegistrationRequest.safeParse({ ...registration, CustomerSegmentation: 8 }).success,
    ).toBe(true);
    expect(
      RegistrationRequest.safeParse({ ...registration, CustomerSegmentation: 9 }).success,
    ).toBe(false);
  });
});

describe('PasswordResetRequest', () => {
  it('reads Expires sent as text from the reset page query (store-and-public-site §2 "Reset-password page")', () => {
    const parsed = PasswordResetRequest.parse({
      Expires: '1795000000000',
      RequestToken: 'abc',
      NewPassword: 'long enough',
    });
    expect(parsed.Expires).toBe(1795000000000);
  });

  it('refuses an Expires that is not a number', () => {
    expect(
      PasswordResetRequest.safeParse({
        Expires: 'soon',
        RequestToken: 'a',
        NewPassword: 'x'.repeat(9),
      }).success,
    ).toBe(false);
  });
});
