import twilio from 'twilio';

/**
 * Whether a webhook request was signed by Twilio with this account's auth token (the
 * `X-Twilio-Signature` header over the URL Twilio called and its form parameters), checked by the
 * official SDK in constant time. A URL the SDK cannot read is not signed.
 */
export function isSignedByTwilio({
  authToken,
  signature,
  url,
  params,
}: {
  authToken: string;
  signature: string | undefined;
  /** The full URL Twilio called, query string included: PUBLIC_URL + the request's path. */
  url: string;
  params: Record<string, unknown>;
}): boolean {
  if (!signature) return false;
  try {
    return twilio.validateRequest(authToken, signature, url, params);
  } catch {
    return false;
  }
}
