import { z } from 'zod';

/** Every error answer: `{ "error": { "code": <http status>, "message": <text> } }`. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    /** A card refusal's processor errors, for the payment error filter (store-and-public-site §8). */
    processorErrors: z
      .array(
        z.object({
          code: z.union([z.number(), z.string()]).nullish(),
          message: z.string().nullish(),
        }),
      )
      .optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
