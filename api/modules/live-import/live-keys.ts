// The two keys of a live import. The browser key (`lk_…`, datafiles.secret_key) is pasted into the
// survey page's snippet: every respondent can read it, so it is public, and what it can cost is
// bounded by the ceilings and the per-source limits. The server key (`lks_…`) is for tools that
// call from their own servers; it is stored as a hash (and sealed, to be shown again), never sits
// in a page, and passes neither the origin check nor the per-source limits. Rotating one leaves
// the other working.
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { randomToken, safeEqual, seal, sha256Hex, unseal } from '../../lib/crypto';
import type { LiveKeyKind } from '../../../db/schema';
import * as repo from './live.repo';

export const BROWSER_KEY_PREFIX = 'lk_';
export const SERVER_KEY_PREFIX = 'lks_';
/** 32 random bytes each, URL-safe (they travel in a header and in snippets). */
export const newBrowserKey = () => `${BROWSER_KEY_PREFIX}${randomToken(32)}`;
export const newServerKey = () => `${SERVER_KEY_PREFIX}${randomToken(32)}`;

/** A new server key as stored: its hash (requests are checked against it) and the sealed key (shown again). */
export function serverKeyColumns(appSecret: string, key: string) {
  return { serverKeyHash: sha256Hex(key), serverKeySealed: seal(appSecret, key) };
}

/** The server key to show on the integration screen ('' when none was made yet). */
export const shownServerKey = (appSecret: string, sealed: string) => (sealed ? unseal(appSecret, sealed) : '');

/**
 * What this process last read of a datafile's keys, to refuse a wrong key without a database read:
 * a flood of wrong keys then costs one read per datafile and second, not one per request. A key
 * that matches is always checked against a fresh read (status, limits and counters come with it),
 * so a rotated-away key stops at once in the process that rotated it and within KEY_CACHE_MS in
 * the others, and a new key is accepted everywhere within KEY_CACHE_MS.
 */
type KnownKeys = { at: number; browser: string | null; serverHash: string | null };
const KEY_CACHE_MS = 1_000;
const KEY_CACHE_MAX = 20_000;
const known = new WeakMap<Pick<Deps, 'db'>, Map<string, KnownKeys>>();

function cacheOf(deps: Pick<Deps, 'db'>) {
  let map = known.get(deps);
  if (!map) known.set(deps, (map = new Map()));
  return map;
}

/** Forgets this process's view of a datafile's keys (after a rotation here). */
export function forgetKeys(deps: Pick<Deps, 'db'>, datafileId: string) {
  cacheOf(deps).delete(datafileId);
}

const kindOf = (presented: string): LiveKeyKind => (presented.startsWith(SERVER_KEY_PREFIX) ? 'SERVER' : 'BROWSER');

function matches(keys: Pick<KnownKeys, 'browser' | 'serverHash'>, presented: string): boolean {
  if (kindOf(presented) === 'SERVER')
    return Boolean(keys.serverHash) && safeEqual(sha256Hex(presented), keys.serverHash!);
  return Boolean(keys.browser) && safeEqual(presented, keys.browser!);
}

export type Authenticated = { target: repo.LiveTarget; keyKind: LiveKeyKind };

/**
 * Who may send: the browser key or the server key of the datafile, compared in constant time; a
 * missing datafile, a deleted or uploaded one and a wrong key all answer UNAUTHENTICATED alike.
 */
export async function authenticate(
  deps: Pick<Deps, 'db' | 'clock'>,
  datafileId: string,
  presented: string | undefined,
): Promise<Authenticated> {
  if (!presented || presented.length > 200 || datafileId.length > 64) throw new AppError('UNAUTHENTICATED');
  const cache = cacheOf(deps);
  const now = deps.clock.now().getTime();
  const hit = cache.get(datafileId);
  if (hit && now - hit.at < KEY_CACHE_MS && !matches(hit, presented)) throw new AppError('UNAUTHENTICATED');
  const target = await repo.liveTarget(deps.db, datafileId);
  const usable = target && !target.isDeleted && target.importType === 'LIVE';
  if (cache.size >= KEY_CACHE_MAX) cache.clear();
  const keys = {
    at: now,
    browser: usable ? target.secretKey : null,
    serverHash: usable ? target.serverKeyHash || null : null,
  };
  cache.set(datafileId, keys);
  if (!usable || !matches(keys, presented)) throw new AppError('UNAUTHENTICATED');
  return { target, keyKind: kindOf(presented) };
}
