/**
 * Whether a webhook request was signed by Twilio with this account's auth token (the
 * `X-Twilio-Signature` header over the URL Twilio called and its form parameters), checked by the
 * official SDK in constant time. A URL the SDK cannot read is not signed. The SDK is loaded on
 * the first webhook, not at start: without Twilio configured none is ever checked.
 */
export async function isSignedByTwilio({
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
}): Promise<boolean> {
  if (!signature) return false;
  const { default: twilio } = await import('twilio');
  try {
    return twilio.validateRequest(authToken, signature, url, params);
  } catch {
    return false;
  }
}
