/**
 * jsdom has no `matchMedia`; Mantine reads it for breakpoints and for reduced motion. Every test
 * screen prefers reduced motion, as the browser journeys do (`reducedMotion: 'reduce'`): Mantine
 * then opens and closes Accordion, Collapse, Modal and Menu at once, instead of on animation
 * frames that race the test's next line (issue #21).
 */
export function stubMatchMedia(matches: (query: string) => boolean = () => false) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)' || matches(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}
