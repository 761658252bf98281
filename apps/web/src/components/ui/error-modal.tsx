import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

type ShowError = (message: string) => void;

const ErrorModalContext = createContext<ShowError | null>(null);

// The dialog (Modal, focus trap, scroll lock) stays out of the sign-in page's first download
// (bench/web): it starts loading with the first render, long before a call can fail, and mounts
// closed, so its first opening animates and returns focus like any later one.
const ErrorDialog = lazy(() =>
  import('./error-dialog').then((module) => ({ default: module.ErrorDialog })),
);

/** Holds the queue of alerts; several raised at once are shown one after another. */
export function ErrorModalProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<string[]>([]);
  const showError = useCallback<ShowError>(
    (message) => setQueue((messages) => [...messages, message]),
    [],
  );
  const close = useCallback(() => setQueue((messages) => messages.slice(1)), []);
  const value = useMemo(() => showError, [showError]);
  return (
    <ErrorModalContext value={value}>
      {children}
      <Suspense fallback={null}>
        <ErrorDialog message={queue[0] ?? null} onClose={close} />
      </Suspense>
    </ErrorModalContext>
  );
}

/** Raises the 'Error!' alert with a message shown word for word. */
export function useErrorModal(): ShowError {
  const showError = useContext(ErrorModalContext);
  if (!showError) throw new Error('useErrorModal needs ErrorModalProvider');
  return showError;
}
