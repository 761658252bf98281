import { useEffect, useState } from 'react';

/** How far the landing page scrolls before its scroll banner appears (store-and-public-site §2). */
export const SCROLL_BANNER_OFFSET_PX = 500;

/** Whether the window has scrolled further down than `offset` pixels; follows every scroll. */
export function useScrolledPast(offset: number): boolean {
  const [isPast, setIsPast] = useState(() => window.scrollY > offset);
  useEffect(() => {
    const update = () => setIsPast(window.scrollY > offset);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return isPast;
}
