import { useLeaveConfirmation as useSharedLeaveConfirmation } from '../../../components/ui/use-leave-confirmation';

/** The add-puck page's question before leaving an unfinished registration (device-management §2). */
export function useLeaveConfirmation(options: {
  isGuarded: boolean;
  onLeave: () => Promise<void>;
}) {
  return useSharedLeaveConfirmation({
    ...options,
    message: 'Your SPuck registration is not finished. If you leave now, it will not be saved.',
  });
}
