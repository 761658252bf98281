import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMatchedRoutes, readPrerenderedState } from './app/prerendered';
import { applyStartupParams } from './app/startup';
import { loadStoredSession } from './lib/session';

// Session and startup parameters are settled before the router reads the address.
loadStoredSession();
const startAt = applyStartupParams(window.location);
if (startAt !== null) window.history.replaceState(null, '', startAt);

const container = document.getElementById('root')!;
const prerendered = readPrerenderedState();
if (prerendered) {
  // A public page the server rendered (decision 071): its markup is taken over, not redrawn.
  await loadMatchedRoutes(window.location.pathname);
  hydrateRoot(
    container,
    <StrictMode>
      <App prerendered={prerendered} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
