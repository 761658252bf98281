import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLeavePrompt } from '../../lib/leave-prompt';
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
 * dialog, a reload or closed tab gets the browser's own question (lib/leave-prompt.ts).
 * `allowLeaving` lets the flow's own exits (done, firmware gate, cancel) through.
 *
 * The router keeps one blocker at a time, the last one registered. The guard mounts only while
 * there is something to lose and never in the page's first commit, so it comes after the layout's
 * mobile-app guard even when the page and the layout mount together (a reload that resumes a
 * draft), and stands in for it meanwhile.
 */
export function useLeaveConfirmation({
  isGuarded,
  message,
  onLeave = () => Promise.resolve(),
}: LeaveOptions) {
  const isAllowed = useRef(false);
  const [hasMounted, setHasMounted] = useState(false);
  // The second render is the point: the guard's blocker is registered after the layout's.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHasMounted(true), []);

  return {
    dialog:
      isGuarded && hasMounted ? (
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
  const blocker = useLeavePrompt(true);
  const isLeaving = useRef(false);
  const isAsking = blocker.state === 'blocked' && !isAllowed.current;

  useEffect(() => {
    // The flow's own exit, allowed after this guard was drawn: let it through unasked.
    if (blocker.state === 'blocked' && isAllowed.current) blocker.proceed();
  }, [blocker, isAllowed]);

  return (
    <ConfirmModal
      opened={isAsking}
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
