import { useEffect, useRef, useState } from 'react';
import { REGISTRATION_MESSAGES } from '@monitor/domain/shared/account-messages';

/** The delay before each 'Device {serial} registered.' (accounts-devices-billing §9). */
export const REGISTERED_MESSAGE_DELAY_MS = 400;

/**
 * 'Device {serial} registered.' shown 400 ms after each multi-unit registration, one after
 * another (accounts-devices-billing §9): `announce(serials)` queues them; `messages` is what shows.
 */
export function useRegisteredAnnouncements() {
  const [messages, setMessages] = useState<string[]>([]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  function announce(serials: readonly string[]) {
    serials.forEach((serial, index) => {
      const delay = (index + 1) * REGISTERED_MESSAGE_DELAY_MS;
      timers.current.push(
        setTimeout(() => {
          setMessages((shown) => [...shown, REGISTRATION_MESSAGES.deviceRegistered(serial)]);
        }, delay),
      );
    });
  }

  return { messages, announce };
}
