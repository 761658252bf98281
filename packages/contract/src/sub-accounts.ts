import { z } from 'zod';
import { DeviceType, IdParam } from './common';

const Name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} must be at most 100 characters long.`);

/**
 * One sub-account of the caller (device-management §3 "Sub-account"): `SubUserDeviceId` is its
 * row on the device asked about, null when it has not been given that device.
 */
export const SubAccount = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string(),
  ParentId: z.number().int(),
  DateCreated: z.string(),
  SubUserDeviceId: z.number().int().nullable(),
  /** When the sub-account was given the device asked about (its records start there, §4). */
  SubAccountDateCreated: z.string().nullable(),
});
export type SubAccount = z.infer<typeof SubAccount>;

/** Answer of GET /api/users/getAllSubAccounts: every sub-account of the parent, those on the device first. */
export const SubAccountList = z.array(SubAccount);

/** A device given to a sub-account, as fetchSubAccountDetails lists it. */
export const SubAccountDevice = z.object({
  SubUserDeviceId: z.number().int(),
  /** The parent's user device Id the row points at. */
  UserDeviceId: z.number().int(),
  Name: z.string().nullable(),
  SerialNumber: z.string(),
  DateCreated: z.string(),
});

/** Answer of GET /api/users/fetchSubAccountDetails and PUT /api/users/editSubAccountDetails. */
export const SubAccountDetails = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string(),
  ParentId: z.number().int(),
  ParentName: z.string(),
  DateCreated: z.string(),
  Devices: z.array(SubAccountDevice),
});
export type SubAccountDetails = z.infer<typeof SubAccountDetails>;

/** Query of GET /api/users/getAllSubAccounts: the parent's user Id and its user device Id. */
export const GetAllSubAccountsQuery = z.object({ userId: IdParam, deviceId: IdParam });

/** Query of GET /api/users/checkMarcellProValidity: the user device Id and the user Id. */
export const CheckMarcellProValidityQuery = z.object({ deviceId: IdParam, userId: IdParam });

/**
 * Answer of checkMarcellProValidity: whether the user device is the user's own (not one given to
 * them as a sub-account), so the sub-account page may manage it (device-management §5).
 */
export const MarcellProValidity = z.object({
  IsValid: z.boolean(),
  UserDeviceId: z.number().int(),
  SerialNumber: z.string().nullable(),
  Name: z.string().nullable(),
  DeviceType: DeviceType.nullable(),
});
export type MarcellProValidity = z.infer<typeof MarcellProValidity>;

/** Query of GET /api/users/fetchSubAccountDetails: the sub-account's user Id. */
export const FetchSubAccountDetailsQuery = z.object({ id: IdParam });

/** Body of PUT /api/users/editSubAccountDetails (names get their first letter capitalised, §5). */
export const EditSubAccountDetailsRequest = z.object({
  Id: IdParam,
  FirstName: Name('First name'),
  LastName: Name('Last name'),
});

/** Query of DELETE /api/users/removeSubAccount: the sub-account's user Id and its user device Id. */
export const RemoveSubAccountQuery = z.object({ subUserId: IdParam, subUserDeviceId: IdParam });

/** Query of DELETE /api/users/deleteSubAccount. */
export const DeleteSubAccountQuery = z.object({ subUserId: IdParam });

/** Body of POST /api/users/addSubAccountToDevice: the parent's user device Id and the sub-account's user Id. */
export const AddSubAccountToDeviceRequest = z.object({ deviceId: IdParam, userId: IdParam });

/** Body of PUT /api/users/editParentName: the parent's own Id and full name ("First Last"). */
export const EditParentNameRequest = z.object({
  id: IdParam,
  name: Name('Name'),
});
