import { atom, createStore } from 'jotai';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

/** Names of the cookies the session is kept in. */
export const TOKEN_COOKIE = 'accessToken';
/** Holds the expiry instant as epoch milliseconds. */
export const TOKEN_EXPIRY_COOKIE = 'tokenExpireDate';
/**
 * The access level login answered, kept as long as the session. Only a hint for what to prefetch at
 * boot (the `me` check decides what is shown, the server what is answered): without it every role
 * opening /admin-panel would send the operators' queries before `me` says who they are.
 */
export const ACCESS_LEVEL_COOKIE = 'sessionAccessLevel';
/** The expiry alert opens this long before the session ends. */
export const EXPIRY_WARNING_MS = 300_000;

export type Session = { token: string; expiresAt: number };

/** The one jotai store of the app: the graphql client and React share it. */
export const appStore = createStore();

/** Reads the session from the cookies; null when absent or already expired. */
export function readSession(now: number = Date.now()): Session | null {
  const token = getCookie(TOKEN_COOKIE);
  const expiresAt = Number(getCookie(TOKEN_EXPIRY_COOKIE));
  if (!token || !Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return { token, expiresAt };
}

export const sessionAtom = atom<Session | null>(readSession());

export function saveSession(
  accessToken: string,
  expiresInSeconds: number,
  accessLevel: string | null = null,
  now: number = Date.now(),
): Session {
  const expiresAt = now + expiresInSeconds * 1000;
  const expires = new Date(expiresAt);
  setCookie(TOKEN_COOKIE, accessToken, expires);
  setCookie(TOKEN_EXPIRY_COOKIE, String(expiresAt), expires);
  if (accessLevel) setCookie(ACCESS_LEVEL_COOKIE, accessLevel, expires);
  else deleteCookie(ACCESS_LEVEL_COOKIE);
  removeStorage(storageKeys.waitingForLogout);
  const session = { token: accessToken, expiresAt };
  appStore.set(sessionAtom, session);
  return session;
}

const sessionEndListeners = new Set<() => void>();

/** Runs `forget` whenever the session ends: caches of one user's data must not outlive their session. */
export function onSessionEnd(forget: () => void): void {
  sessionEndListeners.add(forget);
}

/** Removes the token cookies and the waiting-for-logout flag, and what onSessionEnd registered forgets. */
export function clearSession(): void {
  for (const forget of sessionEndListeners) forget();
  deleteCookie(TOKEN_COOKIE);
  deleteCookie(TOKEN_EXPIRY_COOKIE);
  deleteCookie(ACCESS_LEVEL_COOKIE);
  removeStorage(storageKeys.waitingForLogout);
  appStore.set(sessionAtom, null);
}

/** The access level login answered for the current session, if it is still alive. */
export function sessionAccessLevelHint(): string | null {
  return readSession() ? getCookie(ACCESS_LEVEL_COOKIE) : null;
}

/** The token for the Authorization header, or null when there is no live session. */
export function currentToken(): string | null {
  return readSession()?.token ?? null;
}

export function isWaitingForLogout(): boolean {
  return readStorage(storageKeys.waitingForLogout) === 'true';
}

/** The user consented to the expiry alert: they know the session is about to end. */
export function setWaitingForLogout(): void {
  writeStorage(storageKeys.waitingForLogout, 'true');
}
