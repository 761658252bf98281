import { useSyncExternalStore } from 'react';
import type { User } from '@monitor/contract/users';

/** A staff member's own session, kept while they act as a customer (decision 023). */
export type StaffSession = { apiToken: string; user: User; expiresAt: string | null };

/** The signed-in state (accounts-devices-billing §3 "Session"); the token never lives on `user`. */
export type Session = {
  loggedIn: boolean;
  impersonating: boolean;
  apiToken: string | null;
  user: User | null;
  /** When the token stops working (ISO time): 8 h web, 29 days app, 1 h impersonation. */
  expiresAt: string | null;
  /** While impersonating: the staff member's own session, to return to (decision 023). */
  staffSession: StaffSession | null;
};

const STORAGE_KEY = 'monitor.session';
const LOGGED_OUT: Session = {
  loggedIn: false,
  impersonating: false,
  apiToken: null,
  user: null,
  expiresAt: null,
  staffSession: null,
};

let current: Session = LOGGED_OUT;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (private mode, sandboxed frame): the session lives in memory only
  }
}

function isUsable(session: Session): boolean {
  return (
    session.loggedIn &&
    session.apiToken !== null &&
    session.user !== null &&
    (session.expiresAt === null || Date.parse(session.expiresAt) > Date.now())
  );
}

const MAX_TIMER_MS = 2 ** 31 - 1; // about 24.8 days: a 29-day app session is checked twice

/** Ends the session when its token expires, so an open page does not keep a dead token. */
function scheduleExpiry(session: Session): void {
  clearTimeout(expiryTimer);
  if (!session.loggedIn || !session.expiresAt) return;
  const remaining = Date.parse(session.expiresAt) - Date.now();
  expiryTimer = setTimeout(
    () => {
      if (current !== session) return;
      if (Date.parse(session.expiresAt!) <= Date.now()) endSession();
      else scheduleExpiry(session);
    },
    Math.min(Math.max(remaining, 0), MAX_TIMER_MS),
  );
}

function publish(next: Session): void {
  current = next;
  scheduleExpiry(next);
  for (const listener of listeners) listener();
}

/** Reads the stored session once at start-up; an expired or damaged one counts as logged out. */
export function loadStoredSession(): void {
  const raw = storage()?.getItem(STORAGE_KEY);
  let stored: Session = LOGGED_OUT;
  try {
    stored = raw ? { ...LOGGED_OUT, ...(JSON.parse(raw) as Partial<Session>) } : LOGGED_OUT;
  } catch {
    stored = LOGGED_OUT;
  }
  if (!isUsable(stored)) {
    storage()?.removeItem(STORAGE_KEY);
    stored = LOGGED_OUT;
  }
  publish(stored);
}

export type StartSessionInput = {
  user: User;
  apiToken: string;
  impersonating?: boolean;
  expiresAt?: string | null;
  /** With `impersonating`: the staff member's own session, restored when the impersonation ends. */
  staffSession?: StaffSession | null;
};

/** Signs in: keeps the token beside the user (the user's own AccessToken is cleared after storing). */
export function startSession({
  user,
  apiToken,
  impersonating = false,
  expiresAt,
  staffSession = null,
}: StartSessionInput) {
  const { AccessToken: _token, AccessTokenExpires, ...rest } = user;
  const next: Session = {
    loggedIn: true,
    impersonating,
    apiToken,
    user: rest,
    expiresAt: expiresAt ?? AccessTokenExpires ?? null,
    staffSession: impersonating ? staffSession : null,
  };
  storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  publish(next);
}

/** The staff member's own session behind the current one: kept through an impersonation. */
export function getOwnStaffSession(): StaffSession | null {
  if (current.impersonating) return current.staffSession;
  if (!current.loggedIn || !current.apiToken || !current.user) return null;
  return { apiToken: current.apiToken, user: current.user, expiresAt: current.expiresAt };
}

/**
 * Ends an impersonation locally: the staff member's own session comes back when it is still
 * valid (true); otherwise nobody is signed in (false) and they sign in again (decision 023).
 */
export function endImpersonation(): boolean {
  const own = current.impersonating ? current.staffSession : null;
  if (!own || (own.expiresAt !== null && Date.parse(own.expiresAt) <= Date.now())) {
    endSession();
    return false;
  }
  startSession({ user: own.user, apiToken: own.apiToken, expiresAt: own.expiresAt });
  return true;
}

/** Replaces the stored user after a profile change, keeping the token. */
export function updateSessionUser(user: User): void {
  if (!current.loggedIn) return;
  const { AccessToken: _token, AccessTokenExpires: _expires, ...rest } = user;
  const next = { ...current, user: rest };
  storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  publish(next);
}

export function endSession(): void {
  storage()?.removeItem(STORAGE_KEY);
  if (current !== LOGGED_OUT) publish(LOGGED_OUT);
}

export function getSession(): Session {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  // A page the server rendered is signed out; main.tsx hydrates only when this one is too.
  return useSyncExternalStore(subscribeSession, getSession, () => LOGGED_OUT);
}
