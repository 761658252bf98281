import { z } from 'zod';
import { BillingAddress } from './billing-addresses';
import { Email, IdParam, NewPassword, TempPref, TenantId } from './common';
import { CustomerSegmentation, ProductOrigin } from './product-origin';

export const UserPref = z.object({
  UserPrefsId: z.number().int(),
  UserId: z.number().int(),
  TempPref,
});

/** Parent link held by a sub-account user. */
export const SubAccount = z.object({
  ParentId: z.number().int(),
  ParentName: z.string(),
  DateCreated: z.string(),
});

/** User entity (accounts-devices-billing §3). AccessToken is present only on answers that start a session. */
export const User = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  EmailAddress: z.string(),
  TenantId: z.number().int(),
  CustomerId: z.string().nullable(),
  BillingType: z.number().int(),
  SubAccount: SubAccount.nullable(),
  UserPref,
  Roles: z.array(z.object({ Name: z.string() })),
  DefaultBillingAddress: BillingAddress.nullable(),
  AccessToken: z.string().optional(),
  /** When the session behind AccessToken ends (ISO time); present with AccessToken. */
  AccessTokenExpires: z.string().optional(),
});
export type User = z.infer<typeof User>;

/**
 * Body of PUT /api/users/{Id}. A new e-mail address (the sign-in) needs the current password
 * beside it (issue #22); the same address sent back does not.
 */
export const UpdateUserRequest = z.object({
  FirstName: z.string().trim().min(1, 'First name is required.').max(100).optional(),
  LastName: z.string().trim().min(1, 'Last name is required.').max(100).optional(),
  EmailAddress: Email.optional(),
  CurrentPassword: z.string().min(1).max(200).optional(),
  UserPref: z.object({ TempPref }).partial().optional(),
});

/** Body of PUT /api/users/{userId}/password. */
export const ChangePasswordRequest = z.object({
  CurrentPassword: z.string().min(1, 'Enter your current password.'),
  NewPassword,
});

export const UserIdParams = z.object({ Id: IdParam });
export const UserIdPathParams = z.object({ userId: IdParam });

/** Body of POST /api/users/saveProductOrigin (store-and-public-site §7). */
export const SaveProductOriginRequest = z.object({
  UserId: IdParam,
  ProductOrigin: ProductOrigin.nullish(),
  ProductOriginOther: z.string().trim().max(200).nullish(),
  CustomerSegmentation: CustomerSegmentation.nullish(),
  SegmentationOther: z.string().trim().max(200).nullish(),
});

export { TenantId };
