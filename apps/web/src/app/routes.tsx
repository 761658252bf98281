import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { AppOwnedRoute } from './guards/app-owned-route';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import type * as InfoPages from './routes/info-pages';
import type { MEMBER_ROUTES } from './routes/member-routes';
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

// The signed-in pages load behind one module (routes/member-routes.ts), which holds their lazy
// imports and the preload lists that come with them.
const memberPage = (path: string, name: keyof typeof MEMBER_ROUTES): RouteObject => ({
  path,
  lazy: () => import('./routes/member-routes').then((module) => module.MEMBER_ROUTES[name]()),
});

/**
 * The route table: public pages (store-and-public-site §2), login-required pages
 * (accounts-devices-billing §2, device-management §2) and a page-not-found for any other address.
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
          {
            // Where an alarm message's link leads: no sign-in, the token decides (issue #23).
            path: 'alarms/:alarmId/acknowledge',
            lazy: () =>
              import('./routes/alarm-acknowledge-page').then((m) => ({
                Component: m.AlarmAcknowledgePage,
              })),
          },
          { path: 'error', element: <ErrorPage /> },
          {
            path: 'mailbox',
            lazy: () => import('./routes/mailbox-page').then((m) => ({ Component: m.MailboxPage })),
          },
          {
            element: <RequireAuth />,
            children: [
              memberPage('account', 'account'),
              memberPage('devices', 'devices'),
              memberPage('devices/add', 'addDevice'),
              memberPage('devices/:userDeviceId', 'deviceDetail'),
              memberPage('devices/:userDeviceId/history', 'deviceHistory'),
              memberPage('devices/:userDeviceId/alarms', 'deviceAlarms'),
              memberPage('devices/:userDeviceId/spuckhistory', 'puckHistory'),
              memberPage('devices/:userDeviceId/marcellpro', 'marcellProSubAccounts'),
              memberPage('devices/:userDeviceId/nistdevice', 'nistSubAccounts'),
              memberPage('devices/:userDeviceId/peripherals/add', 'addPeripheral'),
              memberPage('devices/:userDeviceId/subscription', 'subscription'),
              memberPage('multi-unit-registration', 'multiUnit'),
              memberPage('staff', 'staff'),
              memberPage('devicelist', 'deviceDebugList'),
              memberPage('devicedebugdetails/:imei', 'deviceDebugDetails'),
            ],
          },
          {
            // Stays on the unknown address and says so (issue #24), rather than sending it home.
            path: '*',
            lazy: () =>
              import('./routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];
