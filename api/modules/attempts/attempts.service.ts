import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../kernel/errors/errors';
import { sha256Hex } from '../../lib/crypto';
import { countAttempt, deleteStaleCounters, lockedUntilOf, lockKey, uncountAttempt } from './attempts.repo';

/**
 * How often something may be tried: `limit` attempts per `windowMs` (failures and attempts still in
 * flight count; a success gives its attempt back). One more locks the key for `lockMs`, doubled with
 * each further lock up to `maxLockMs`; the doubling is forgiven a day after the last lock ended.
 */
export type AttemptRule = { name: string; limit: number; windowMs: number; lockMs: number; maxLockMs: number };

/** An attempt that was let through; release() gives it back when it succeeded. */
export type Reservation = { key: string; windowStartedAt: string };

/** Strikes are forgiven this long after the last lock ended. */
export const FORGIVE_MS = 24 * 3600_000;

const MINUTE = 60_000;
const HOUR = 3600_000;

/** Rules for guesses at secrets, and for mails anyone can ask for. */
export const ATTEMPT_RULES = {
  /** Password guesses per account (email); a known device is counted apart. */
  loginAccount: { name: 'login-account', limit: 5, windowMs: 15 * MINUTE, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** Password guesses per client address, over all accounts. */
  loginAddress: { name: 'login-address', limit: 30, windowMs: 15 * MINUTE, lockMs: MINUTE, maxLockMs: HOUR },
  /** Password guesses from a browser the account logged in from before (its device cookie). */
  loginDevice: { name: 'login-device', limit: 10, windowMs: 15 * MINUTE, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** The old password of changePassword, per user. */
  changePassword: { name: 'password-change', limit: 5, windowMs: 15 * MINUTE, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** A public report's password, per report and client address. */
  reportAddress: { name: 'report-address', limit: 5, windowMs: 15 * MINUTE, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** A public report's password, per report over all addresses. */
  reportTotal: { name: 'report-total', limit: 50, windowMs: 15 * MINUTE, lockMs: MINUTE, maxLockMs: 15 * MINUTE },
  /** Mails to one address that someone else can trigger (reset, registration, invitation). */
  mailRecipient: { name: 'mail-recipient', limit: 5, windowMs: HOUR, lockMs: HOUR, maxLockMs: HOUR },
  /** Password reset requests per client address. */
  resetAddress: { name: 'reset-address', limit: 20, windowMs: HOUR, lockMs: HOUR, maxLockMs: HOUR },
  /** Registrations per client address. */
  registerAddress: { name: 'register-address', limit: 10, windowMs: HOUR, lockMs: HOUR, maxLockMs: HOUR },
} as const satisfies Record<string, AttemptRule>;

const keyOf = (rule: AttemptRule, subject: string) => `${rule.name}:${sha256Hex(subject).slice(0, 40)}`;

const tooMany = (now: Date, until: string | null) =>
  new AppError('TOO_MANY_ATTEMPTS', {
    retryAfterSeconds: Math.max(1, Math.ceil(((until ? Date.parse(until) : now.getTime()) - now.getTime()) / 1000)),
  });

/**
 * Counts one attempt of `subject` under `rule` BEFORE the work it guards, in one atomic write to the
 * database every API process shares, so a burst sent at once is cut at the limit: at most `limit`
 * attempts per window are let through. Refuses with TOO_MANY_ATTEMPTS (HTTP 429, Retry-After)
 * while the key is locked or once this attempt goes over the limit (which locks it).
 */
export async function reserveAttempt(db: DbOrTx, rule: AttemptRule, subject: string, now: Date): Promise<Reservation> {
  const key = keyOf(rule, subject);
  const nowIso = now.toISOString();
  const counted = await countAttempt(db, {
    key,
    now: nowIso,
    windowStart: new Date(now.getTime() - rule.windowMs).toISOString(),
    forgiveBefore: new Date(now.getTime() - FORGIVE_MS).toISOString(),
  });
  if (!counted) throw tooMany(now, await lockedUntilOf(db, key));
  if (counted.count > rule.limit) {
    const lockMs = Math.min(rule.maxLockMs, rule.lockMs * 2 ** Math.min(counted.strikes, 20));
    const until = new Date(now.getTime() + lockMs).toISOString();
    await lockKey(db, key, nowIso, until);
    throw tooMany(now, (await lockedUntilOf(db, key)) ?? until);
  }
  return { key, windowStartedAt: counted.windowStartedAt };
}

/** Gives back attempts that succeeded (a right password is not a guess to count against anyone). */
export async function releaseAttempts(db: DbOrTx, reservations: readonly Reservation[]): Promise<void> {
  for (const r of reservations) await uncountAttempt(db, r.key, r.windowStartedAt);
}

/** Deletes counters nobody is held by any more (the auth prune job). */
export function pruneAttemptCounters(db: DbOrTx, now: Date): Promise<number> {
  const longest = Math.max(...Object.values(ATTEMPT_RULES).map((r) => Math.max(r.windowMs, r.maxLockMs)));
  return deleteStaleCounters(db, new Date(now.getTime() - longest - FORGIVE_MS).toISOString());
}
