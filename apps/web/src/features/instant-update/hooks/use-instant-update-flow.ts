import { useEffect, useRef, useState } from 'react';
import { INSTANT_UPDATE_ERROR_CLOSE_MS } from '@monitor/domain/devices/instant-update';
import type { InstantUpdateResult } from '../components/instant-update-mode';
import {
  runInstantUpdate,
  type InstantUpdateProgress,
  type RunInstantUpdateArgs,
} from './run-instant-update';

export type InstantUpdateFlowView =
  | { status: 'running'; progress: InstantUpdateProgress }
  | { status: 'failed' }
  | { status: 'sendError'; message: string };

type FlowArgs = Omit<RunInstantUpdateArgs, 'onProgress' | 'signal'> & {
  /** The dialog's end: at once on success, 3 s after a send error (device-management §4). */
  onFinish: (
    result: Exclude<InstantUpdateResult, 'cancelled' | 'failed'>,
    remaining?: number | null,
  ) => void;
  onSendError: (message: string) => void;
};

/**
 * Runs the instant-update flow once for the lifetime of the calling component (the progress
 * dialog's body); unmounting stops it, timers included.
 */
export function useInstantUpdateFlow(args: FlowArgs): InstantUpdateFlowView {
  const [view, setView] = useState<InstantUpdateFlowView>({
    status: 'running',
    progress: { phase: 'sending' },
  });
  // The flow starts once; later renders' callbacks are read through the ref.
  const argsRef = useRef(args);
  useEffect(() => {
    argsRef.current = args;
  });

  useEffect(() => {
    const controller = new AbortController();
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    const { userId, userDeviceId, imei, command, knownReportTime } = argsRef.current;
    runInstantUpdate({
      userId,
      userDeviceId,
      imei,
      command,
      knownReportTime,
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setView({ status: 'running', progress });
      },
    }).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        switch (outcome.result) {
          case 'succeeded':
            argsRef.current.onFinish('succeeded', outcome.remaining);
            return;
          case 'failed':
            setView({ status: 'failed' });
            return;
          case 'sendError':
            setView({ status: 'sendError', message: outcome.message });
            argsRef.current.onSendError(outcome.message);
            closeTimer = setTimeout(
              () => argsRef.current.onFinish('error'),
              INSTANT_UPDATE_ERROR_CLOSE_MS,
            );
            return;
        }
      },
      () => undefined, // aborted: the dialog was closed
    );
    return () => {
      controller.abort();
      clearTimeout(closeTimer);
    };
  }, []);

  return view;
}
