import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import Cookies from 'js-cookie';
import { cleanNotifications } from '@mantine/notifications';
import { endSession } from '../lib/session';
import { stubMatchMedia } from './media';

// A file that runs in Node (the server's render of a page) has no document to set up.
if (typeof window !== 'undefined') {
  // By default the screen is phone-sized.
  stubMatchMedia();
  // Pages, the toasts and the 'Error!' dialog load lazily (bench/web); on a busy machine (CI runs
  // two test files at once on two cores) a first lazy import of a whole page can take seconds. A
  // findBy returns as soon as what it waits for is there: the bound only says when to give up.
  configure({ asyncUtilTimeout: 10_000 });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  // jsdom lays nothing out, so it cannot scroll; pages that scroll to the top call this.
  window.scrollTo = () => undefined;

  beforeEach(() => stubMatchMedia());

  afterEach(() => {
    cleanup();
    endSession();
    cleanNotifications();
    window.localStorage.clear();
    window.sessionStorage.clear();
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
    delete window.ReactNativeWebView;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}
