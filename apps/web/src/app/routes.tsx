import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { AppOwnedRoute } from './guards/app-owned-route';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import type * as InfoPages from './routes/info-pages';
import { ErrorPage } from './routes/error-page';
import { LoginPage } from './routes/login-page';

/** Support video routes; each path is the video's key (store-and-public-site §2). */
export const SUPPORT_VIDEO_PATHS = [
  'registeringdevice',
  'movingorturningoff',
  'changingnotifications',
  'selectingalocation',
  'addingaspuck',
  'viewstatusremotely',
  'instantupdate',
];

// Only sign-in ships in the first download, which bench/web holds under 150 kB gzip; every other
// page, the home page included, loads when first visited.
const infoPage = (path: string, name: keyof typeof InfoPages): RouteObject => ({
  path,
  lazy: () => import('./routes/info-pages').then((module) => ({ Component: module[name] })),
});

/**
 * The route table: public pages (store-and-public-site §2), login-required pages
 * (accounts-devices-billing §2, device-management §2) and a catch-all back to the root.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          {
            index: true,
            lazy: () => import('./routes/home-page').then((m) => ({ Component: m.HomePage })),
          },
          infoPage('about', 'AboutPage'),
          infoPage('faqs', 'FaqsPage'),
          infoPage('guarantee', 'GuaranteePage'),
          infoPage('returns', 'ReturnsPage'),
          infoPage('privacy-policy', 'PrivacyPolicyPage'),
          infoPage('documentation', 'DocumentationPage'),
          infoPage('support', 'SupportPage'),
          infoPage('contact', 'ContactPage'),
          infoPage('videos', 'VideosPage'),
          ...SUPPORT_VIDEO_PATHS.map((path) => infoPage(path, 'SupportVideoPage')),
          infoPage('instant-update', 'InstantUpdatePage'),
          // Store, cart and checkout (issue #15, decision 046).
          infoPage('store', 'StorePage'),
          // Also written /cart/ (store-and-public-site §2): the router matches both.
          infoPage('cart', 'CartPage'),
          // Landing pages and the replacement offer (store-and-public-site §2; decision 047).
          infoPage('promotions', 'PromotionsPage'),
          infoPage('promotion', 'PromotionPage'),
          infoPage('marcell-pro', 'MarcellProPage'),
          infoPage('deviceupgrade', 'ReplacementOfferPage'),
          {
            path: 'forgotpassword',
            lazy: () =>
              import('./routes/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'resetpassword',
            lazy: () =>
              import('./routes/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            // Login and registration belong to the native app when the site runs inside it.
            element: (
              <AppOwnedRoute>
                <Outlet />
              </AppOwnedRoute>
            ),
            children: [
              { path: 'login', element: <LoginPage /> },
              {
                path: 'register',
                lazy: () =>
                  import('./routes/register-page').then((m) => ({ Component: m.RegisterPage })),
              },
            ],
          },
          {
            path: 'impersonate',
            lazy: () =>
              import('./routes/impersonate-page').then((m) => ({ Component: m.ImpersonatePage })),
          },
          { path: 'error', element: <ErrorPage /> },
          {
            path: 'mailbox',
            lazy: () => import('./routes/mailbox-page').then((m) => ({ Component: m.MailboxPage })),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'account',
                lazy: () =>
                  import('./routes/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              {
                path: 'devices',
                lazy: () =>
                  import('./routes/devices-page').then((m) => ({ Component: m.DevicesPage })),
              },
              {
                path: 'devices/add',
                lazy: () =>
                  import('./routes/add-device-page').then((m) => ({ Component: m.AddDevicePage })),
              },
              {
                path: 'devices/:userDeviceId',
                lazy: () =>
                  import('./routes/device-detail-page').then((m) => ({
                    Component: m.DeviceDetailPage,
                  })),
              },
              {
                path: 'devices/:userDeviceId/history',
                lazy: () =>
                  import('./routes/device-history-page').then((m) => ({
                    Component: m.DeviceHistoryPage,
                  })),
              },
              {
                path: 'devices/:userDeviceId/spuckhistory',
                lazy: () =>
                  import('./routes/device-history-page').then((m) => ({
                    Component: m.PuckHistoryPage,
                  })),
              },
              {
                path: 'devices/:userDeviceId/marcellpro',
                lazy: () =>
                  import('./routes/sub-accounts-page').then((m) => ({
                    Component: m.MarcellProSubAccountsPage,
                  })),
              },
              {
                path: 'devices/:userDeviceId/nistdevice',
                lazy: () =>
                  import('./routes/sub-accounts-page').then((m) => ({
                    Component: m.NistSubAccountsPage,
                  })),
              },
              {
                path: 'devices/:userDeviceId/peripherals/add',
                lazy: () =>
                  import('./routes/add-peripheral-page').then((m) => ({
                    Component: m.AddPeripheralPage,
                  })),
              },
              {
                path: 'devices/:userDeviceId/subscription',
                lazy: () =>
                  import('./routes/subscription-page').then((m) => ({
                    Component: m.SubscriptionPage,
                  })),
              },
              {
                path: 'multi-unit-registration',
                lazy: () =>
                  import('./routes/multi-unit-page').then((m) => ({ Component: m.MultiUnitPage })),
              },
              {
                path: 'staff',
                lazy: () => import('./routes/staff-page').then((m) => ({ Component: m.StaffPage })),
              },
              {
                path: 'devicelist',
                lazy: () =>
                  import('./routes/device-debug-pages').then((m) => ({
                    Component: m.DeviceDebugListPage,
                  })),
              },
              {
                path: 'devicedebugdetails/:imei',
                lazy: () =>
                  import('./routes/device-debug-pages').then((m) => ({
                    Component: m.DeviceDebugDetailsPage,
                  })),
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
