import { Notifications } from '@mantine/notifications';

/** Where toasts appear: bottom right, three at a time, above the page but under the 'Error!' alert. */
export function Toasts() {
  return <Notifications position="bottom-right" limit={3} zIndex={500} />;
}
