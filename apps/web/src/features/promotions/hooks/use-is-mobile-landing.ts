import { useMediaQuery } from '@mantine/hooks';

/** The landing pages' phone layout applies up to this width (store-and-public-site §2 "Landing pages"). */
export const LANDING_MOBILE_MAX_WIDTH_PX = 767;

/** Whether the landing page lays out for a phone: one column, full-width buttons. */
export function useIsMobileLanding(): boolean {
  return (
    useMediaQuery(`(max-width: ${LANDING_MOBILE_MAX_WIDTH_PX}px)`, false, {
      getInitialValueInEffect: false,
    }) ?? false
  );
}
