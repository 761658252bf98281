/**
 * The demo's accounts (decision 013), seeded by demo/seed.ts when DEMO_SEED is on. They live here,
 * beside the setting, not in demo/: the debug pages also let the demo staff user in
 * (device-debug.service.ts), and a service must not import the demo.
 */

/** The demo sign-in, also printed on start-up and given in the README. */
export const DEMO_CUSTOMER = {
  email: 'demo@example.com',
  password: 'demo-password',
  firstName: 'Dana',
  lastName: 'Demo',
} as const;
export const DEMO_STAFF = {
  email: 'staff@example.com',
  password: 'staff-password',
  firstName: 'Sam',
  lastName: 'Staff',
} as const;
/**
 * A customer still on an old payment profile (accounts-devices-billing §4 "Convert-to-card-provider
 * flow"): one unit whose subscription predates the card vault, no vault customer (demo/legacy-profile.ts).
 */
export const DEMO_LEGACY_CUSTOMER = {
  email: 'legacy@example.com',
  password: 'legacy-password',
  firstName: 'Lee',
  lastName: 'Legacy',
} as const;
