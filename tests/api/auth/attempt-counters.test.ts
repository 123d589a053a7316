// The attempt counter itself (api/modules/attempts), on a real database file with a settable clock:
// locks grow with each one and are forgiven a day later; a success gives its attempt back; the prune
// job forgets what no longer holds anyone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilSettled } from '../../../api/jobs/job-loop';
import { AppError } from '../../../api/kernel/errors/errors';
import { ATTEMPT_RULES, releaseAttempts, reserveAttempt, type AttemptRule } from '../../../api/modules/attempts';
import { sha256Hex } from '../../../api/lib/crypto';
import { AUTH_PRUNE_JOB } from '../../../api/modules/auth/jobs/contract';
import { createTestApp, type TestApp } from '../../support/test-app';

const RULE: AttemptRule = { name: 'test', limit: 3, windowMs: 15 * 60_000, lockMs: 60_000, maxLockMs: 4 * 60_000 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** How long the key is locked after the limit is passed once more (seconds), or 0 when let through. */
async function attempt(subject: string): Promise<number> {
  try {
    await reserveAttempt(t.db, RULE, subject, t.clock.now());
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_ATTEMPTS')
      return error.details.retryAfterSeconds as number;
    throw error;
  }
}

describe('attempt counters', () => {
  it('locks for a minute, then two, then four (the longest), and forgives a day after the last lock', async () => {
    const locks: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < RULE.limit; i++) expect(await attempt('backoff')).toBe(0);
      locks.push(await attempt('backoff'));
      expect(await attempt('backoff')).toBe(locks.at(-1));
      t.clock.advance(locks.at(-1)! * 1000 + 1000);
    }
    expect(locks).toEqual([60, 120, 240, 240]);
    t.clock.advance(24 * 3600_000);
    for (let i = 0; i < RULE.limit; i++) expect(await attempt('backoff')).toBe(0);
    expect(await attempt('backoff')).toBe(60);
  });

  it('gives a successful attempt back, so a right answer never counts against anyone', async () => {
    for (let i = 0; i < 10; i++) {
      const reservation = await reserveAttempt(t.db, RULE, 'success', t.clock.now());
      await releaseAttempts(t.db, [reservation]);
    }
    for (let i = 0; i < RULE.limit; i++) expect(await attempt('success')).toBe(0);
    expect(await attempt('success')).toBe(60);
  });

  it('stores no subject in clear, and the prune job deletes counters nobody is held by', async () => {
    await attempt('someone@private.example');
    const keys = await t.db.all<{ key: string }>(sql`select key from attempt_counters`);
    expect(keys.some((k) => k.key.includes('private'))).toBe(false);
    const before = keys.length;
    t.clock.advance(3 * 24 * 3600_000);
    await attempt('fresh');
    const { id } = await t.deps.jobs.enqueue(AUTH_PRUNE_JOB, {});
    const [job] = await runJobsUntilSettled(t.deps, [id]);
    expect(job!.result).toMatchObject({ counters: before });
    expect(await t.db.all(sql`select key from attempt_counters`)).toHaveLength(1);
  });
});

describe('the client address the attempts are counted by', () => {
  it("is the caller's own over HTTP once GraphQL has read its capped body, not one shared name for everyone", async () => {
    // As api/server.ts serves the app: Bun.serve hands itself over, whose requestIP knows only the
    // request it received (a copy of the request made for the body cap named nobody).
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req, srv) => t.app.fetch(req, { server: srv }),
    });
    try {
      const res = await fetch(`${server.url.origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation($e:String!){sendPasswordResetEmail(email:$e){status}}',
          variables: { e: 'nobody@example.com' },
        }),
      });
      expect(res.status).toBe(200);
    } finally {
      await server.stop(true);
    }
    const keys = (await t.db.all<{ key: string }>(sql`select key from attempt_counters`)).map((k) => k.key);
    const keyOf = (address: string) => `${ATTEMPT_RULES.resetAddress.name}:${sha256Hex(address).slice(0, 40)}`;
    expect(keys).toContain(keyOf('127.0.0.1'));
    expect(keys).not.toContain(keyOf('local'));
  });
});
