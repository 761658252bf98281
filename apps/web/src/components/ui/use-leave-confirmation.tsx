import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal';

type LeaveOptions = {
  isGuarded: boolean;
  /** What the question says is lost. */
  message: string;
  /** Runs before the navigation goes ahead, e.g. to remove a half-registered puck. */
  onLeave?: () => Promise<void>;
};

/**
 * Asks before leaving an add page with an unsaved registration (device-management §2, the SPuck
 * wizard; accounts-devices-billing §2, the add-device wizard): a router navigation is held for the
 * dialog, a reload or closed tab gets the browser's own question. `allowLeaving` lets the flow's
 * own exits (done, firmware gate, cancel) through.
 *
 * The router keeps one blocker at a time, the last one registered. The blocker is registered only
 * while there is something to lose, so it comes after the layout's mobile-app guard even when the
 * page and the layout mount together (a reload of the page), and stands in for it meanwhile.
 */
export function useLeaveConfirmation({
  isGuarded,
  message,
  onLeave = () => Promise.resolve(),
}: LeaveOptions) {
  const isAllowed = useRef(false);

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

  return {
    dialog: isGuarded ? (
      <LeaveGuard message={message} onLeave={onLeave} isAllowed={isAllowed} />
    ) : null,
    /** Lets the next navigation through without asking. */
    allowLeaving: () => {
      isAllowed.current = true;
    },
  };
}

function LeaveGuard({
  message,
  onLeave,
  isAllowed,
}: {
  message: string;
  onLeave: () => Promise<void>;
  isAllowed: RefObject<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !isAllowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const isLeaving = useRef(false);
  return (
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
}
