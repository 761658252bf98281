import type { CSSProperties } from 'react';

/**
 * With 200 devices, laying out every card or row up front is most of the page's first render
 * (bench/web): the browser skips those off screen until they near the view. They stay in the
 * DOM, so screen readers, find-in-page and the tab order still reach them; the estimated height
 * holds the scroll height steady until one is first drawn, then its real height is kept.
 */
export function skippedOffScreen(estimatedHeight: number): CSSProperties {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedHeight}px` };
}
