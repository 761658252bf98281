import { createElement, lazy, type FunctionComponent } from 'react';

/**
 * A component whose code loads apart (React.lazy), with `preload()` to load it ahead. Once loaded
 * it renders at once: React.lazy alone suspends at its first render even when its code is here,
 * and a part still suspended while a page the server rendered is hydrated is drawn anew (decision
 * 071).
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<FunctionComponent<P>>,
): FunctionComponent<P> & { preload: () => Promise<unknown> } {
  let loaded: FunctionComponent<P> | null = null;
  const preload = async () => {
    loaded = await load();
    return { default: loaded };
  };
  const Lazy = lazy(preload);
  const Preloaded = (props: P) =>
    loaded ? createElement(loaded, props) : createElement(Lazy, props);
  return Object.assign(Preloaded, { preload });
}
