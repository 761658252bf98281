import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadPageCode, readPrerenderedState } from './app/prerendered';
import { createAppRouter } from './app/router';
import { applyStartupParams } from './app/startup';
import { getSession, loadStoredSession, subscribeSession } from './lib/session';
import { holdInstallPrompt } from './app/pwa/install-prompt';

// Session and startup parameters are settled before the router reads the address.
loadStoredSession();
holdInstallPrompt();
const startAt = applyStartupParams(window.location);
if (startAt !== null) window.history.replaceState(null, '', startAt);

const container = document.getElementById('root')!;
const prerendered = readPrerenderedState();
if (prerendered) {
  // A public page the server rendered (decision 071): its markup is taken over, not redrawn, once
  // its code is here. Not awaited at the top level: this module's chunk would then not finish
  // loading, and the page's chunks, which import from it, would wait for it for ever.
  // The router starts and asks for the page's code in a task of its own: evaluating this bundle is
  // one long task already, and a phone's main thread is left free between the two (Lighthouse's
  // total blocking time, issue #25).
  void yieldToMain().then(async () => {
    const router = createAppRouter();
    // A part whose code failed to load is drawn in the browser instead.
    await loadPageCode(router).catch(() => undefined);
    // In a transition, React hydrates in slices that leave the phone's main thread free between
    // them, instead of in one long task (Lighthouse's total blocking time, issue #25).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App router={router} prerendered={prerendered} />
        </StrictMode>,
      );
    });
  });
} else {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}

// The service worker (issue #27, decision 084) is for the signed-in app (offline readings, push
// alarms): it comes once the page has settled after a sign-in, never for a visitor of the public
// pages. Its first install fetches the whole app (about 2 MB), which would otherwise compete with
// the first screen for the phone's network and processor.
const SERVICE_WORKER_AFTER_LOAD_MS = 5_000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  let isRegistering = false;
  const registerWhenSignedIn = () => {
    if (isRegistering || !getSession().loggedIn) return;
    isRegistering = true;
    setTimeout(() => {
      // The brand's installable app, offered to the signed-in only: the server answers the
      // remembered brand's manifest (its `tid` cookie goes with it).
      const manifest = Object.assign(document.createElement('link'), {
        rel: 'manifest',
        href: '/manifest.webmanifest',
        crossOrigin: 'use-credentials',
      });
      document.head.append(manifest);
      void import('./app/pwa/register-service-worker').then((pwa) => pwa.registerServiceWorker());
    }, SERVICE_WORKER_AFTER_LOAD_MS);
  };
  const start = () => {
    registerWhenSignedIn();
    subscribeSession(registerWhenSignedIn);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
