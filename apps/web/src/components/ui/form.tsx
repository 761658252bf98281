import type { ComponentProps } from 'react';
import { HydrationGate } from './hydration-gate';

/**
 * The app's form: a `<form>` whose fields and buttons wait for the page's code on a page the
 * server rendered (decision 071), so nothing typed is lost and nothing submits natively.
 */
export function Form({ children, ...props }: ComponentProps<'form'>) {
  return (
    <form {...props}>
      <HydrationGate>{children}</HydrationGate>
    </form>
  );
}
