import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import { applyStartupParams } from './app/startup';
import { loadStoredSession } from './lib/session';

// zod's fast path probes `new Function`, which the Content-Security-Policy refuses (decision 018).
z.config({ jitless: true });

// Session and startup parameters are settled before the router reads the address.
loadStoredSession();
const startAt = applyStartupParams(window.location);
if (startAt !== null) window.history.replaceState(null, '', startAt);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
