import { useSyncExternalStore } from 'react';
import { Button } from '@mantine/core';
import { isMobileApp } from '../../lib/mobile-app';

/**
 * The browser's offer to install the app (issue #27): Chrome fires `beforeinstallprompt` once the
 * app is installable; it is held back and offered on the device list only, after sign-in, never
 * on the public pages. Not part of any standard's typings (a Chromium event).
 */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let held: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const publish = (next: InstallPromptEvent | null) => {
  held = next;
  for (const listener of listeners) listener();
};

/** Called at start-up (main.tsx): the event comes once, early. */
export function holdInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    publish(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => publish(null));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** "Install the app", where the browser offers it and the page is not the native app already. */
export function InstallAppButton() {
  const offer = useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
  if (!offer || isMobileApp()) return null;
  return (
    <Button
      variant="light"
      size="sm"
      onClick={() => {
        void offer.prompt();
        // The browser offers it once: whatever the answer, the button goes.
        void offer.userChoice.finally(() => publish(null));
      }}
    >
      Install the app
    </Button>
  );
}
