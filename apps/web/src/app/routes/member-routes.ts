import type { LazyRouteFunction, RouteObject } from 'react-router';

type LazyRoute = LazyRouteFunction<RouteObject>;

/**
 * The signed-in pages' route modules (accounts-devices-billing §2, device-management §2), behind
 * one lazy import from the route table (routes.tsx). Each `import()` carries Vite's preload list —
 * the page's shared chunks, fetched alongside it — and these are the app's longest lists: kept in
 * the table they were about 2 kB gzip of the sign-in download, which bench/web holds under 150 kB
 * (decision 048). The cost: a signed-in page's first visit waits for this small module first.
 */
export const MEMBER_ROUTES = {
  account: () => import('./account-page').then((m) => ({ Component: m.AccountPage })),
  devices: () => import('./devices-page').then((m) => ({ Component: m.DevicesPage })),
  addDevice: () => import('./add-device-page').then((m) => ({ Component: m.AddDevicePage })),
  deviceDetail: () =>
    import('./device-detail-page').then((m) => ({ Component: m.DeviceDetailPage })),
  deviceHistory: () =>
    import('./device-history-page').then((m) => ({ Component: m.DeviceHistoryPage })),
  deviceAlarms: () =>
    import('./device-alarms-page').then((m) => ({ Component: m.DeviceAlarmsPage })),
  puckHistory: () =>
    import('./device-history-page').then((m) => ({ Component: m.PuckHistoryPage })),
  marcellProSubAccounts: () =>
    import('./sub-accounts-page').then((m) => ({ Component: m.MarcellProSubAccountsPage })),
  nistSubAccounts: () =>
    import('./sub-accounts-page').then((m) => ({ Component: m.NistSubAccountsPage })),
  addPeripheral: () =>
    import('./add-peripheral-page').then((m) => ({ Component: m.AddPeripheralPage })),
  subscription: () =>
    import('./subscription-page').then((m) => ({ Component: m.SubscriptionPage })),
  multiUnit: () => import('./multi-unit-page').then((m) => ({ Component: m.MultiUnitPage })),
  staff: () => import('./staff-page').then((m) => ({ Component: m.StaffPage })),
  deviceDebugList: () =>
    import('./device-debug-pages').then((m) => ({ Component: m.DeviceDebugListPage })),
  deviceDebugDetails: () =>
    import('./device-debug-pages').then((m) => ({ Component: m.DeviceDebugDetailsPage })),
} satisfies Record<string, LazyRoute>;
