import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../kernel/errors/errors';
import { clearThrottle, readThrottle, writeThrottle } from './auth.repo';

/** Failed logins allowed per window before a lock: per account, and per client address. */
export const THROTTLE = { windowMs: 15 * 60_000, lockMs: 15 * 60_000, perAccount: 5, perAddress: 30 } as const;

const keysFor = (email: string, address: string) => [
  { key: `acct:${email}`, limit: THROTTLE.perAccount },
  { key: `addr:${address}`, limit: THROTTLE.perAddress },
];

/** Refuses with TOO_MANY_ATTEMPTS (HTTP 429) while the account or the address is locked. */
export async function assertNotThrottled(db: DbOrTx, email: string, address: string, now: Date): Promise<void> {
  for (const { key } of keysFor(email, address)) {
    const row = await readThrottle(db, key);
    if (row?.lockedUntil && row.lockedUntil > now.toISOString()) {
      throw new AppError('TOO_MANY_ATTEMPTS', {
        retryAfterSeconds: Math.ceil((Date.parse(row.lockedUntil) - now.getTime()) / 1000),
      });
    }
  }
}

export async function recordFailure(db: DbOrTx, email: string, address: string, now: Date): Promise<void> {
  for (const { key, limit } of keysFor(email, address)) {
    const row = await readThrottle(db, key);
    const fresh = !row || now.getTime() - Date.parse(row.windowStartedAt) > THROTTLE.windowMs;
    const failures = fresh ? 1 : row.failures + 1;
    await writeThrottle(db, {
      key,
      failures,
      windowStartedAt: fresh ? now.toISOString() : row.windowStartedAt,
      lockedUntil: failures >= limit ? new Date(now.getTime() + THROTTLE.lockMs).toISOString() : null,
    });
  }
}

export async function recordSuccess(db: DbOrTx, email: string): Promise<void> {
  await clearThrottle(db, `acct:${email}`);
}
