import type { ReactNode } from 'react';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import classes from './hydration-gate.module.css';

/**
 * Holds the controls inside it until React has taken over the markup the server rendered for it
 * (decision 071): an entry typed into a controlled field would be lost to the form's state, and a
 * submit would reload the page. A disabled fieldset holds every one. Drawn as nothing:
 * `display: contents`, no role. (The store's cards need none: their forms work without the code.)
 *
 * Kept around a form (`Form`) or one button, never a whole page: enabling a fieldset makes the
 * browser revisit everything under it, which over a page was a task of 200–300 ms at Lighthouse's
 * load, three times over (issue #25). Links and plain buttons need no gate: a link works without
 * the code, and React replays a click on a part it has not yet taken over.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset role="none" disabled={!isHydrated} className={classes.gate}>
      {children}
    </fieldset>
  );
}
