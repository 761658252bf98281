import { useCallback, useEffect, useState } from 'react';

function readDraft<T>(key: string): T | undefined {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? undefined : (JSON.parse(stored) as T);
  } catch {
    // Storage refused (private mode, full) or a draft from an older build: start afresh.
    return undefined;
  }
}

/**
 * State kept in the tab's session storage under `key`, so a reload, or Back and Forward through
 * the browser's history, finds what was entered; closing the tab forgets it. Only plain values
 * that may be kept in the browser belong here: never card details. `clear` forgets the draft
 * and returns to `initial`.
 */
export function useSessionDraft<T>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => readDraft<T>(key) ?? initial);

  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Without storage the draft lives as long as the page, as plain state would.
    }
  }, [key, value]);

  const clear = useCallback(() => {
    sessionStorage.removeItem(key);
    setValue(initial);
    // `initial` is read once, like useState's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return [value, setValue, clear] as const;
}
