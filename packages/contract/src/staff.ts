import { z } from 'zod';

/** Users one page of the staff user search holds. */
export const STAFF_SEARCH_PAGE_SIZE = 20;
/** The last page the search serves: a search this broad should be narrowed, not paged through. */
export const STAFF_SEARCH_MAX_PAGE = 25;
/** Units listed per user in the search answer, enough to recognise the account. */
export const STAFF_SEARCH_DEVICES_PER_USER = 5;

/** Query of GET /api/staff/users: part of an e-mail address, a serial number or an IMEI. */
export const StaffUserSearchQuery = z.object({
  search: z
    .string()
    .trim()
    .min(3, 'Enter at least 3 characters of an e-mail address, serial number or IMEI.')
    .max(100, 'Enter at most 100 characters.'),
  page: z.coerce
    .number('Enter a page number.')
    .int('Enter a page number.')
    .min(1, 'Enter a page number.')
    .max(STAFF_SEARCH_MAX_PAGE, `Only the first ${STAFF_SEARCH_MAX_PAGE} pages are served.`)
    .default(1),
});

/** A unit registered to a found user (as owner or sub-account). */
export const StaffSearchDevice = z.object({
  /** The unit's IMEI (UserDevice.DeviceId, device-management §3). */
  DeviceId: z.string(),
  SerialNumber: z.string(),
  Name: z.string().nullable(),
});

/** A customer the search found, with the units that identify them. */
export const StaffSearchUser = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  EmailAddress: z.string(),
  TenantId: z.number().int(),
  IsSubAccount: z.boolean(),
  Devices: z.array(StaffSearchDevice),
  /** How many units the user has; more than Devices.length when the list was cut. */
  DeviceCount: z.number().int(),
});
export type StaffSearchUser = z.infer<typeof StaffSearchUser>;

export const StaffUserSearchAnswer = z.object({
  Users: z.array(StaffSearchUser),
  /** Users matching the search, across every page. */
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type StaffUserSearchAnswer = z.infer<typeof StaffUserSearchAnswer>;
