import { Navigate, type RouteObject } from 'react-router';
import { AppOwnedRoute } from './guards/app-owned-route';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './layout/root-layout';
import { AccountPage } from './routes/account-page';
import { ErrorPage } from './routes/error-page';
import { ForgotPasswordPage } from './routes/forgot-password-page';
import { HomePage } from './routes/home-page';
import { ImpersonatePage } from './routes/impersonate-page';
import {
  AboutPage,
  ContactPage,
  DocumentationPage,
  FaqsPage,
  GuaranteePage,
  InstantUpdatePage,
  PrivacyPolicyPage,
  ReturnsPage,
  SupportPage,
  SupportVideoPage,
  VideosPage,
} from './routes/info-pages';
import { LoginPage } from './routes/login-page';
import { MailboxPage } from './routes/mailbox-page';
import { PlaceholderPage, type PlaceholderKey } from './routes/placeholder-pages';
import { RegisterPage } from './routes/register-page';
import { ResetPasswordPage } from './routes/reset-password-page';

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

const placeholder = (path: string, page: PlaceholderKey): RouteObject => ({
  path,
  element: <PlaceholderPage page={page} />,
});

/**
 * The route table: public pages (store-and-public-site §2), login-required pages
 * (accounts-devices-billing §2, device-management §2) and a catch-all back to the root.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'faqs', element: <FaqsPage /> },
          { path: 'guarantee', element: <GuaranteePage /> },
          { path: 'returns', element: <ReturnsPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'documentation', element: <DocumentationPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'videos', element: <VideosPage /> },
          ...SUPPORT_VIDEO_PATHS.map((path) => ({ path, element: <SupportVideoPage /> })),
          { path: 'instant-update', element: <InstantUpdatePage /> },
          placeholder('store', 'store'),
          placeholder('cart', 'cart'),
          placeholder('promotions', 'promotions'),
          placeholder('promotion', 'promotion'),
          placeholder('marcell-pro', 'marcellProLanding'),
          placeholder('deviceupgrade', 'deviceUpgrade'),
          { path: 'forgotpassword', element: <ForgotPasswordPage /> },
          { path: 'resetpassword', element: <ResetPasswordPage /> },
          {
            path: 'register',
            element: (
              <AppOwnedRoute>
                <RegisterPage />
              </AppOwnedRoute>
            ),
          },
          {
            path: 'login',
            element: (
              <AppOwnedRoute>
                <LoginPage />
              </AppOwnedRoute>
            ),
          },
          { path: 'impersonate', element: <ImpersonatePage /> },
          { path: 'error', element: <ErrorPage /> },
          { path: 'mailbox', element: <MailboxPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'account', element: <AccountPage /> },
              placeholder('devices', 'devices'),
              placeholder('devices/add', 'addDevice'),
              placeholder('devices/:userDeviceId', 'deviceDetail'),
              placeholder('devices/:userDeviceId/history', 'deviceHistory'),
              placeholder('devices/:userDeviceId/spuckhistory', 'puckHistory'),
              placeholder('devices/:userDeviceId/marcellpro', 'marcellPro'),
              placeholder('devices/:userDeviceId/nistdevice', 'nistDevice'),
              placeholder('devices/:userDeviceId/peripherals/add', 'addPeripheral'),
              placeholder('devices/:userDeviceId/subscription', 'subscription'),
              placeholder('multi-unit-registration', 'multiUnit'),
              placeholder('devicelist', 'deviceList'),
              placeholder('devicedebugdetails/:imei', 'deviceDebug'),
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
