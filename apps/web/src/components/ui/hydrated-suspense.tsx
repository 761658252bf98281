import { Suspense, type ReactNode } from 'react';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import classes from './hydrated-suspense.module.css';

/**
 * Holds the controls inside it until React has taken over the markup the server rendered for it
 * (decision 071): a click would do nothing, an entry typed into a controlled field would be lost to
 * the form's state, a submit would reload the page. A disabled fieldset holds every one; links
 * work as they are. Drawn as nothing: `display: contents`, no role.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset role="none" disabled={!isHydrated} className={classes.gate}>
      {children}
    </fieldset>
  );
}

/**
 * A Suspense boundary whose controls wait for hydration. React hydrates a boundary's content
 * apart from, and after, the page around it, so each boundary holds its own controls.
 */
export function HydratedSuspense({
  fallback = null,
  children,
}: {
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <HydrationGate>{children}</HydrationGate>
    </Suspense>
  );
}
