import { NativeSelect, TextInput } from '@mantine/core';
import type { PushSubscription as SavedBrowser } from '@monitor/contract/push';
import { guessBrowserName } from '../lib/web-push';
import {
  THIS_BROWSER,
  type NotificationFormErrors,
  type NotificationFormValues,
} from './notification-form-values';

/** The user's browsers for a Push notification, and subscribing this one (issue #27). */
export type PushChoice = {
  browsers: readonly SavedBrowser[];
  /** This browser's push endpoint when it is subscribed. */
  thisEndpoint: string | null;
  /** This browser can take push notifications (service worker and Push API, not the native app). */
  canSubscribe: boolean;
  /** Asks for permission, subscribes this browser and saves it under `name`. */
  subscribe: (name: string) => Promise<SavedBrowser>;
  /** What a failed subscription says in the form. */
  describeError: (error: unknown) => string;
};

/** The browser a new Push notification starts with: this one, saved or to be subscribed. */
export function defaultPushBrowser(
  push: PushChoice | undefined,
): Pick<NotificationFormValues, 'browser' | 'browserName'> {
  const saved = push?.browsers.find((b) => b.Endpoint === push.thisEndpoint);
  if (saved) return { browser: String(saved.Id), browserName: '' };
  if (push?.canSubscribe) return { browser: THIS_BROWSER, browserName: guessBrowserName() };
  return { browser: push?.browsers[0] ? String(push.browsers[0].Id) : '', browserName: '' };
}

export function PushBrowserFields({
  push,
  browser,
  browserName,
  errors,
  onChange,
}: {
  push: PushChoice | undefined;
  browser: string;
  browserName: string;
  errors: NotificationFormErrors;
  onChange: (next: Partial<NotificationFormValues>) => void;
}) {
  const browsers = push?.browsers ?? [];
  const isThisSaved = browsers.some((b) => b.Endpoint === push?.thisEndpoint);
  const options = [
    ...browsers.map((b) => ({
      value: String(b.Id),
      label: b.Endpoint === push?.thisEndpoint ? `${b.Name} (this browser)` : b.Name,
    })),
    ...(push?.canSubscribe && !isThisSaved ? [{ value: THIS_BROWSER, label: 'This browser' }] : []),
  ];
  // A sub-account's browser, as its owner sees the notification.
  if (browser && !options.some((o) => o.value === browser))
    options.push({ value: browser, label: 'Another person’s browser' });
  return (
    <>
      <NativeSelect
        label="Browser"
        description={
          browser === THIS_BROWSER
            ? 'Alarms appear on its screen, even when the site is closed. On saving, the browser asks you to allow notifications.'
            : "Alarms appear on the browser's screen, even when the site is closed."
        }
        data={[{ value: '', label: 'Choose a browser', disabled: true }, ...options]}
        value={browser}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({
            browser: value,
            ...(value === THIS_BROWSER && !browserName && { browserName: guessBrowserName() }),
          });
        }}
        error={errors.browser}
      />
      {browser === THIS_BROWSER && (
        <TextInput
          label="Name this browser"
          description="How it shows in your list of browsers."
          maxLength={60}
          value={browserName}
          onChange={(event) => onChange({ browserName: event.currentTarget.value })}
          error={errors.browserName}
        />
      )}
    </>
  );
}
