import { z } from 'zod';

/*
 * Card payments (store-and-public-site §7 "Payment", accounts-devices-billing §7; decision 034).
 * Card numbers never reach the product: the browser's card fields (Braintree's Hosted Fields, or
 * the local processor's own iframe) turn a card into a single-use nonce, and every call of the
 * product takes that nonce (`PaymentNonce`), never a number or a CVV. Objects are strict, so a
 * body carrying a card field is refused rather than silently dropped.
 */

/** Query of GET /api/paymentprocessing/getClientToken/ and generateClientToken/. */
export const ClientTokenQuery = z.object({
  /** The caller's own processor customer id (their vaulted cards); none for a new card. */
  customerId: z.string().trim().max(64).optional(),
});
export type ClientTokenQuery = z.infer<typeof ClientTokenQuery>;

/**
 * The answer: the client token for the card fields (base64). Decoded it is JSON; its
 * `environment` is `local` for the local processor (its card-fields page is `hostedFieldsUrl`,
 * its script `/local-processor/hosted-fields.js`) and Braintree's otherwise (use `braintree-web`).
 */
export const ClientToken = z.object({ ClientToken: z.string() });
export type ClientToken = z.infer<typeof ClientToken>;

/** A single-use payment nonce as the card fields make it; never a card number. */
export const PaymentNonce = z
  .string()
  .trim()
  .min(1, 'A payment nonce is required.')
  .max(200, 'The payment nonce is too long.')
  // A nonce is opaque but never a card number: all digits (with spaces or dashes) is refused.
  .refine((value) => !/^[\d\s-]{12,}$/.test(value), 'Send a payment nonce, never a card number.');

/** The browser's device data for fraud checks (Braintree's dataCollector), passed through as given. */
export const DeviceData = z.string().max(4000).nullish();

/** What the local processor's card-fields page posts to its tokenize route (never the product's API). */
export const LocalTokenizeInput = z
  .object({
    authorizationFingerprint: z.string().min(1).max(1000),
    number: z.string().max(40).optional(),
    expirationMonth: z.string().max(4).optional(),
    expirationYear: z.string().max(4).optional(),
    cvv: z.string().max(8).optional(),
    postalCode: z.string().max(20).optional(),
  })
  .strict();
export type LocalTokenizeInput = z.infer<typeof LocalTokenizeInput>;

/** Its answer: the nonce and what the form may show of the card. */
export const LocalTokenizeResult = z.object({
  nonce: z.string(),
  details: z.object({ cardType: z.string(), lastFour: z.string() }),
});
export type LocalTokenizeResult = z.infer<typeof LocalTokenizeResult>;
