/**
 * Accepts a `redirect` parameter only when it is a path on this site, so a crafted link cannot
 * send a user who just signed in to another origin.
 */
export function toSafeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The root with a redirect parameter, as a protected route visited while logged out goes (accounts-devices-billing §2). */
export function rootWithRedirect(path: string): string {
  // Slashes stay readable: `/?redirect=/account`.
  return `/?redirect=${encodeURIComponent(path).replaceAll('%2F', '/')}`;
}
