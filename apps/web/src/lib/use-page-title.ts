import { useEffect } from 'react';
import { useBrand } from './brand-context';

/** Names the browser tab after the page, so screen readers announce where a navigation landed. */
export function usePageTitle(title: string | null): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} · ${brand.name}` : brand.name;
  }, [title, brand.name]);
}
