import { z } from 'zod';
import { SIGN_IN_SOURCES } from '@monitor/domain/accounts/session';
import { Email, IdParam, NewPassword, TenantId } from './common';
import { CustomerSegmentation, ProductOrigin } from './product-origin';

/** Body of POST /LoginGateway.php; `source=mobileapp` (body or query) gives the 29-day session. */
export const LoginRequest = z.object({
  username: z.string().trim().min(1, 'Invalid username or password.').max(254),
  password: z.string().min(1, 'Invalid username or password.').max(200),
  source: z.enum(SIGN_IN_SOURCES).optional(),
});

/**
 * The 401 of POST /LoginGateway.php (wrong e-mail or password): the one error shape, plus
 * whether the server now slows further attempts with this account or from this address, so the
 * sign-in forms can say so from the server's count (issue #24, decision 068). A refusal is a 429
 * with Retry-After.
 */
export const LoginFailure = z
  .object({
    error: z.object({
      code: z.literal(401),
      message: z.string(),
      isSlowed: z
        .boolean()
        .describe('Further sign-in attempts are slowed, then refused, after failed ones.'),
    }),
  })
  .describe('Wrong e-mail or password; says whether further attempts are now slowed');
export type LoginFailure = z.infer<typeof LoginFailure>;

/** Body of POST /RegistrationGateway.php: the registration User fields at the top level (store-and-public-site §3). */
export const RegistrationRequest = z
  .object({
    FirstName: z.string().trim().min(1, 'First name is required.').max(100),
    LastName: z.string().trim().min(1, 'Last name is required.').max(100),
    EmailAddress: Email,
    Password: NewPassword,
    ConfirmPassword: z.string(),
    TenantId: TenantId.default(1),
    CompanyName: z.string().trim().max(200).nullish(),
    ProductOrigin: ProductOrigin.nullish(),
    ProductOriginOther: z.string().trim().max(200).nullish(),
    CustomerSegmentation: CustomerSegmentation.nullish(),
    SegmentationOther: z.string().trim().max(200).nullish(),
    source: z.enum(SIGN_IN_SOURCES).optional(),
    /** Creating a sub-account (device-management §3): the signed-in parent's Id and its user device Id. */
    ParentId: IdParam.optional(),
    DeviceId: IdParam.optional(),
    /** Send the sub-account a welcome e-mail; default yes (device-management §3). */
    SendEmail: z.boolean().default(true),
  })
  .refine((body) => body.Password === body.ConfirmPassword, {
    message: 'Password and confirm password must match.',
    path: ['ConfirmPassword'],
  })
  .refine((body) => (body.ParentId === undefined) === (body.DeviceId === undefined), {
    message: 'A sub-account needs both ParentId and DeviceId.',
    path: ['DeviceId'],
  });

/** Body of POST /api/authorization/passwordreset/initiate. */
export const PasswordResetInitiateRequest = z.object({
  EmailAddress: Email,
  TenantId: TenantId.default(1),
});

/** Body of POST /api/users/{userId}/password/reset. */
export const PasswordResetRequest = z.object({
  Expires: z.coerce.number().int().positive('The reset link is not valid.'),
  RequestToken: z.string().min(1, 'The reset link is not valid.').max(200),
  NewPassword,
});

/** Body of POST /api/users/{userId}/password/reset/check: the reset link as it came. */
export const PasswordResetLinkRequest = PasswordResetRequest.pick({
  Expires: true,
  RequestToken: true,
});

/** Path of POST /api/users/{userId}/password/reset. */
export const PasswordResetParams = z.object({ userId: IdParam });

/** Path of GET /api/authorization/impersonate/{userId}. */
export const ImpersonateParams = z.object({ userId: IdParam });

/** POST /api/authorization/logout revokes the calling token; answers Ok. */
export { Ok as LogoutResponse } from './common';
