import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A deep, calm blue: reads as dependable, and white text on shade 7 passes WCAG AA comfortably.
const brand: MantineColorsTuple = [
  '#e8f1ff',
  '#d0e0fb',
  '#a1bff2',
  '#6f9be9',
  '#457de2',
  '#2b6ade',
  '#1b60dd',
  '#0a50c5',
  '#0047b1',
  '#003d9d',
];

// Green and red whose filled shade (7) carries white text at 4.5:1 or more (status badges):
// Mantine's own give about 2.9:1 and 3.9:1, and even its green 9 only 4.4:1.
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#267a37',
  '#22692f',
  '#1c5727',
];
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#c92a2a',
  '#b02525',
  '#962020',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  // Dark text on light fills (yellow), white on dark ones, wherever a component is filled.
  autoContrast: true,
  colors: { brand, green, red },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Toasts and other transitions appear at once for those who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '750',
    sizes: { h1: { lineHeight: '1.15' }, h2: { lineHeight: '1.2' } },
  },
  defaultGradient: { from: 'brand.7', to: 'cyan.6', deg: 135 },
  components: {
    Modal: {
      defaultProps: {
        radius: 'lg',
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close dialog' },
      },
    },
    // A long name in a page title wraps rather than runs off the page, at 390 px too (issue #24).
    Title: { styles: { root: { overflowWrap: 'anywhere' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    // Toasts: a named close button, and a description dark enough for 4.5:1 (Mantine's is gray 6).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/**
 * Text of light-variant badges, alerts and buttons, dark enough for 4.5:1 on their tinted
 * background (Mantine uses shade 6, about 2.5:1; even shade 9 stays under 4.5 for green, yellow,
 * orange and teal). Measured with WCAG's formula against shade 6 at 10% over white.
 */
const LIGHT_VARIANT_TEXT = {
  brand: '#003d9d',
  green: '#277c38',
  red: '#c92a2a',
  yellow: '#a65600',
  orange: '#bf3f0d',
  teal: '#087a57',
  cyan: '#0b7285',
  blue: '#1864ab',
  grape: '#862e9c',
  gray: '#212529',
};

/** Dimmed and error text darker than Mantine's defaults so they keep a 4.5:1 contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#59616b',
    // A field's error text and its invalid input's text: Mantine's red 6 is about 3.5:1 on white.
    '--mantine-color-error': LIGHT_VARIANT_TEXT.red,
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).map(([name, hex]) => [
        `--mantine-color-${name}-light-color`,
        hex,
      ]),
    ),
  },
  dark: {},
});
