import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStartupParams } from './app/startup';
import { loadStoredSession } from './lib/session';

// Session and startup parameters are settled before the router reads the address.
loadStoredSession();
const startAt = applyStartupParams(window.location);
if (startAt !== null) window.history.replaceState(null, '', startAt);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
