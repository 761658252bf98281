import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  isPetMonitorActive,
  nextPetMonitorReloadAt,
  petMonitorHoursRemaining,
  type PetMonitorFacts,
} from '@monitor/domain/devices/pet-monitor';

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Pet monitor mode of a device (device-management §4): whether it is active and the hours left.
 * When the current 20-minute cycle ends the page's data is fetched again (the spec's page reload,
 * without losing the page), and the hours left are worked out anew.
 */
export function usePetMonitorCycle(facts: PetMonitorFacts): {
  isActive: boolean;
  hoursRemaining: number;
} {
  const queryClient = useQueryClient();
  const { isPetMonitor, isMuted, lastRequestedTime } = facts;
  const factsKey = `${isPetMonitor}:${isMuted}:${lastRequestedTime}`;
  const [clock, setClock] = useState(() => ({ factsKey, now: new Date() }));
  // A new request (or a new device) restarts the reckoning from the present.
  if (clock.factsKey !== factsKey) setClock({ factsKey, now: new Date() });
  const { now } = clock;

  const isActive = isPetMonitorActive({ isPetMonitor, isMuted, lastRequestedTime }, now);
  const reloadAt = isActive ? nextPetMonitorReloadAt(lastRequestedTime, now) : null;
  const reloadAtMs = reloadAt?.getTime() ?? null;

  useEffect(() => {
    if (reloadAtMs === null) return;
    const timer = setTimeout(
      () => {
        setClock({ factsKey, now: new Date() });
        void queryClient.invalidateQueries();
      },
      Math.min(Math.max(reloadAtMs - Date.now(), 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [reloadAtMs, factsKey, queryClient]);

  return {
    isActive,
    hoursRemaining: isActive ? petMonitorHoursRemaining(lastRequestedTime, now) : 0,
  };
}
