import { z } from 'zod';
import { Email, TenantId } from './common';

/*
 * The contact form and the news sign-up (store-and-public-site §2 "Contact page", §3 "Contact",
 * "Interested customer", §7; decision 042). Public and limited per client address.
 */

const text = (label: string, max: number) =>
  z
    .string(`${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** Body of POST /api/contactus: stored, and e-mailed to the brand's support address. */
export const ContactRequest = z.strictObject({
  TenantId,
  Name: text('Name', 100),
  Email,
  /** 10 or 11 digits (§5); stored with a leading 1. */
  Phone: z.string().trim().max(30).nullish(),
  State: z.string().trim().max(30).nullish(),
  Country: z.string().trim().max(60).nullish(),
  Message: text('Message', 4000),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** Body of POST /api/interestedcustomers: the news sign-up; signing up twice is not an error. */
export const InterestedCustomerRequest = z.strictObject({ EmailAddress: Email, TenantId });
