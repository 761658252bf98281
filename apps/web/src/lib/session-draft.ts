import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Entries kept in the tab's session storage (issue #24), so a reload, or Back and Forward through
 * the browser's history, finds what was entered; closing the tab forgets them. Only plain values
 * that may be kept in the browser belong here: never card details.
 */

function readDraft<T>(key: string): T | undefined {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? undefined : (JSON.parse(stored) as T);
  } catch {
    // Storage refused (private mode) or a draft from an older build: start afresh.
    return undefined;
  }
}

function writeDraft(key: string, text: string): void {
  try {
    sessionStorage.setItem(key, text);
  } catch {
    // Storage full or refused: the entries live as long as the page, as plain state would.
  }
}

function forgetDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

/**
 * State kept under `key`: starts from the kept draft, else `initial`; `clear` forgets it and starts
 * afresh. `forget` forgets it and leaves the state as it is, for a page being left: resetting it
 * would take down, mid-navigation, a leave prompt that stands while there are entries.
 */
export function useSessionDraft<T>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => readDraft<T>(key) ?? initial);

  useEffect(() => writeDraft(key, JSON.stringify(value)), [key, value]);

  const clear = useCallback(() => {
    forgetDraft(key);
    setValue(initial);
    // `initial` is read once, like useState's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const forget = useCallback(() => forgetDraft(key), [key]);

  return [value, setValue, clear, forget] as const;
}

/**
 * Keeps entries whose state lives elsewhere (a form library's) under `key`: the kept draft is
 * handed to `restore` once, on mount; afterwards every change of `draft` is kept. `clear` forgets
 * it (an order placed, a form cancelled).
 */
export function useSessionMirror<T>(key: string, draft: T, restore: (saved: T) => void) {
  const isRestored = useRef(false);
  const text = JSON.stringify(draft);

  useEffect(() => {
    if (isRestored.current) return;
    isRestored.current = true;
    const saved = readDraft<T>(key);
    if (saved !== undefined) restore(saved);
    // Restoring is once per mount, whatever `restore` is on later renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const isFirstWrite = useRef(true);
  useEffect(() => {
    // The first render holds the empty form, not the kept draft it is about to be given.
    if (isFirstWrite.current) {
      isFirstWrite.current = false;
      return;
    }
    writeDraft(key, text);
  }, [key, text]);

  return { clear: useCallback(() => forgetDraft(key), [key]) };
}
