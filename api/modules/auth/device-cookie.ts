import type { Context as HonoContext } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../../env';

/**
 * The device cookie: a random token set at a successful login and stored (hashed) with the user, so
 * a later login from the same browser is counted per device instead of per account. A burst of
 * wrong guesses from elsewhere then locks the account for strangers, not for its owner's browser.
 * HttpOnly and SameSite=Strict, sent only to /graphql; it grants nothing by itself (the password is
 * still checked), so losing it costs only the exemption.
 */
export const DEVICE_COOKIE = 'sq_device';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

/** The device token the browser sent, if it looks like one of ours. */
export function deviceTokenOf(c: HonoContext): string | undefined {
  const value = getCookie(c, DEVICE_COOKIE);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

export function setDeviceCookie(c: HonoContext, env: Pick<Env, 'publicUrl'>, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, {
    path: '/graphql',
    httpOnly: true,
    sameSite: 'Strict',
    secure: env.publicUrl.startsWith('https:'),
    maxAge: MAX_AGE_SECONDS,
  });
}

/** Browsers not seen for this long are forgotten. */
export const DEVICE_RETENTION_MS = MAX_AGE_SECONDS * 1000;
