/**
 * An error the caller can act on, mapped to `{ error: { code, message } }` with `statusCode` as
 * both HTTP status and code, in one place (plugins/errors.ts). Anything else becomes a 500 that
 * shows no internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Further fields of the error body, beside code and message (a payment refusal's errors). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'retry-after': String(retryAfterSeconds) });

/**
 * A card the payment processor refused: a 400 whose body also lists the processor's errors
 * (`error.processorErrors: [{ code, message }]`) for the web app's payment error filter
 * (store-and-public-site §8: a 400 shows no generic alert, the filter handles it).
 */
export const paymentRefused = (
  message: string,
  processorErrors: { code?: number | string | null; message?: string | null }[],
) => new AppError(400, message, {}, { processorErrors });
