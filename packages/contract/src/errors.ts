import { z } from 'zod';

/** Every error answer: `{ "error": { "code": <http status>, "message": <text> } }`. */
export const ErrorBody = z.object({
  error: z.object({ code: z.number().int(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
