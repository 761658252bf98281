import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessageFor } from '../../../lib/api-client';
import { pushBrowsersQueryOptions, usePushBrowsers } from '../api/push-browsers';
import type { PushChoice } from '../components/push-browser-fields';
import {
  PUSH_NOT_READY,
  PushSetupError,
  canPushHere,
  subscribeThisBrowser,
  thisBrowserEndpoint,
} from '../lib/web-push';

const THIS_ENDPOINT_KEY = ['push-this-endpoint'];

/**
 * The user's browsers and this one, for the schedule's Push notifications (issue #27); read only
 * when `isWanted` (this browser can push, or the schedule lists a Push notification).
 */
export function usePushChoice(isWanted: boolean): PushChoice {
  const queryClient = useQueryClient();
  const canSubscribe = canPushHere();
  const browsers = usePushBrowsers({ enabled: isWanted });
  const thisEndpoint = useQuery({
    queryKey: THIS_ENDPOINT_KEY,
    queryFn: thisBrowserEndpoint,
    enabled: isWanted && canSubscribe,
  });
  return {
    browsers: browsers.data ?? [],
    thisEndpoint: thisEndpoint.data ?? null,
    canSubscribe,
    subscribe: async (name) => {
      const saved = await subscribeThisBrowser(name);
      queryClient.setQueryData(THIS_ENDPOINT_KEY, saved.Endpoint);
      await queryClient.invalidateQueries({ queryKey: pushBrowsersQueryOptions().queryKey });
      return saved;
    },
    describeError: (error) =>
      error instanceof PushSetupError ? error.message : errorMessageFor(error, PUSH_NOT_READY),
  };
}
