import { useState } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';
import { useIsHydrated } from '../../lib/use-is-hydrated';

/**
 * React Router's scroll restoration, except on the page the server drew until the first
 * navigation. As it mounts it scrolls to the top (a page drawn in the browser starts there anyway),
 * which on a page taken over from the server threw a visitor who had scrolled while its code came
 * back to the top, and a press made then landed on whatever had moved under it (decision 071).
 */
export function PageScrollRestoration() {
  const isHydrated = useIsHydrated();
  const { key } = useLocation();
  const [serverPageKey, setServerPageKey] = useState(() => (isHydrated ? null : key));
  if (serverPageKey !== null && key !== serverPageKey) setServerPageKey(null);
  return serverPageKey === null ? <ScrollRestoration /> : null;
}
