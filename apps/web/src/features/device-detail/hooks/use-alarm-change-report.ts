import { useCallback, useEffect, useRef } from 'react';
import {
  ALARM_CHANGE_REPORTING,
  type AlarmChange,
} from '@monitor/domain/alarms/alarm-change-reporting';
import { sendText } from '../../../entities/device/api/send-text';

export type { AlarmChange };

/**
 * Answers `schedule(change)`: each call restarts the count, and when it runs out the device is
 * sent RPT once. A failure is only logged (device-management §8 "Only logged"). A count still
 * running when the page closes is sent at once, so a saved change is not left unreported.
 */
export function useAlarmChangeReport(userDeviceId: number): (change: AlarmChange) => void {
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const report = useCallback(() => {
    sendText({ userDeviceId, command: 'RPT' }).catch((error: unknown) => {
      console.warn('Telling the device to report failed', error);
    });
  }, [userDeviceId]);

  const schedule = useCallback(
    (change: AlarmChange) => {
      if (timer.current) clearInterval(timer.current);
      const { ticks, tickMs } = ALARM_CHANGE_REPORTING[change];
      let elapsed = 0;
      timer.current = setInterval(() => {
        elapsed += 1;
        if (elapsed < ticks) return;
        if (timer.current) clearInterval(timer.current);
        timer.current = null;
        report();
      }, tickMs);
    },
    [report],
  );

  useEffect(
    () => () => {
      if (!timer.current) return;
      clearInterval(timer.current);
      timer.current = null;
      report();
    },
    [report],
  );

  return schedule;
}
