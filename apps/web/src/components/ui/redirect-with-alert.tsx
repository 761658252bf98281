import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useErrorModal } from './error-modal';

/**
 * Goes to `to` and raises the 'Error!' alert with `message` there: the alert lives above the
 * routes, so it stays up on the page the visitor lands on (store-and-public-site §4 "Landing
 * promotion": expired, invalid or error go home with an alert). Raised once, even when React
 * runs the effect twice in development.
 */
export function RedirectWithAlert({ to, message }: { to: string; message: string }) {
  const showError = useErrorModal();
  const navigate = useNavigate();
  const hasRun = useRef(false);
  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    showError(message);
    void navigate(to, { replace: true });
  }, [message, navigate, showError, to]);
  return null;
}
