import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useErrorModal } from '../../../components/ui/error-modal';
import { isApiError } from '../../../lib/api-client';

/**
 * What a debug page does when its call fails (device-management §6, §8): the server's 403 means
 * the user is not one of the permitted ids, so they go to /devices; any other failure raises the
 * 'Error!' alert with `message`. The 403 is the only sign used, so the permitted ids live in the
 * server's configuration alone.
 */
export function useDebugLoadFailure(error: Error | null, message: string): void {
  const navigate = useNavigate();
  const showError = useErrorModal();
  useEffect(() => {
    if (!error) return;
    if (isApiError(error, 403)) void navigate('/devices', { replace: true });
    else showError(message);
  }, [error, message, navigate, showError]);
}
