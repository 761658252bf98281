import { useState } from 'react';
import { useResumeAlarmsMutation } from '../api/resume-alarms';
import { useSnoozeAlarmsMutation } from '../api/snooze-alarms';
import { readSnoozedUntil, type SnoozeHours } from '../lib/snooze';

/** The last answer of a snooze or resume, and the device's value it was given against. */
type Answer = { until: string | null; deviceValue: string | null };

/**
 * A unit's snooze as the owner's controls show it (issue #23). The device answer's
 * `AlarmsSnoozedUntil` is the truth, but the snooze call's own answer shows at once, and holds
 * until the device's value changes (the refetch brought the news), so a server that does not yet
 * send the field still shows the snooze just set.
 */
export function useUnitSnooze(device: { Id: number }) {
  const deviceValue = readSnoozedUntil(device);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const snooze = useSnoozeAlarmsMutation();
  const resume = useResumeAlarmsMutation();
  const snoozedUntil = answer && answer.deviceValue === deviceValue ? answer.until : deviceValue;

  return {
    snoozedUntil,
    isPending: snooze.isPending || resume.isPending,
    error: snooze.error ?? resume.error,
    hasResumed: resume.isSuccess && answer?.until === null,
    snooze: (hours: SnoozeHours, onDone?: () => void) => {
      resume.reset();
      snooze.mutate(
        { userDeviceId: device.Id, hours },
        {
          onSuccess: ({ SnoozedUntil }) => {
            setAnswer({ until: SnoozedUntil, deviceValue });
            onDone?.();
          },
        },
      );
    },
    resume: (onDone?: () => void) => {
      snooze.reset();
      resume.mutate(
        { userDeviceId: device.Id },
        {
          onSuccess: ({ SnoozedUntil }) => {
            setAnswer({ until: SnoozedUntil, deviceValue });
            onDone?.();
          },
        },
      );
    },
  };
}
