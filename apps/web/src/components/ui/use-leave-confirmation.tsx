import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal';

/**
 * Asks before leaving an add page with an unsaved registration (device-management §2, the SPuck
 * wizard; accounts-devices-billing §2, the add-device wizard): a
 * router navigation is held for the dialog, a reload or closed tab gets the browser's own
 * question. `allowLeaving` lets the flow's own exits (done, firmware gate, cancel) through.
 *
 * The router keeps one blocker at a time, the last one registered; while this page is open its
 * blocker stands in for the layout's mobile-app guard.
 */
export function useLeaveConfirmation({
  isGuarded,
  message,
  onLeave = () => Promise.resolve(),
}: {
  isGuarded: boolean;
  /** What the question says is lost. */
  message: string;
  /** Runs before the navigation goes ahead, e.g. to remove a half-registered puck. */
  onLeave?: () => Promise<void>;
}) {
  const isAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isGuarded && !isAllowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isGuarded) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (isAllowed.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isGuarded]);

  const isLeaving = useRef(false);
  const dialog = (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title="Leave without finishing?"
      message={message}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => {
        if (isLeaving.current) return;
        isLeaving.current = true;
        void onLeave().finally(() => {
          isAllowed.current = true;
          blocker.proceed?.();
        });
      }}
    />
  );

  return {
    dialog,
    /** Lets the next navigation through without asking. */
    allowLeaving: () => {
      isAllowed.current = true;
    },
  };
}
