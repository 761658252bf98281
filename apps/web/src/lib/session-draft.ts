import { useCallback, useEffect, useRef } from 'react';

function readDraft<T>(key: string): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    // Storage refused (private mode) or text that is not JSON: no draft to resume.
    return null;
  }
}

/**
 * Keeps a form's entries in session storage so a reload of the tab resumes them (issue #24): the
 * saved draft is handed to `restore` once, on mount; afterwards every change of `draft` is saved.
 * Session storage ends with the tab, so entries never outlive it. Never pass card data.
 * `clear()` forgets the draft (an order placed, a form cancelled).
 */
export function useSessionDraft<T>(key: string, draft: T, restore: (saved: T) => void) {
  const isRestored = useRef(false);
  const text = JSON.stringify(draft);

  useEffect(() => {
    if (isRestored.current) return;
    isRestored.current = true;
    const saved = readDraft<T>(key);
    if (saved !== null) restore(saved);
    // Restoring is once per mount, whatever `restore` is on later renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const isFirstWrite = useRef(true);
  useEffect(() => {
    // The first render holds the empty form, not the saved draft it is about to be given.
    if (isFirstWrite.current) {
      isFirstWrite.current = false;
      return;
    }
    try {
      window.sessionStorage.setItem(key, text);
    } catch {
      // Storage full or refused: the form still works, only a reload loses it.
    }
  }, [key, text]);

  return {
    clear: useCallback(() => {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // Nothing was kept.
      }
    }, [key]),
  };
}
