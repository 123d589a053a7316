import { Database as BunDatabase } from 'bun:sqlite';
import Libsql from 'libsql';
import { Hono } from 'hono';
import { sha256Hex } from '../../api/lib/crypto';

/** The `me` document `npm run bench:db` and tests/bench/graphql-profile.ts send. */
export const ME_QUERY =
  '{ me { user { id email accessLevel watchGetStarted watchNPS company { id name image } } sessionExpiresAt companyId } }';

// The same rows `me` reads: the live session joined to its user and company status, then the company.
const SESSION = `select s.id, s.company_id, s.expires_at, u.id, u.company_id, u.email, u.access_level, u.status, u.watch_get_started, u.next_nps_date, u.nps_done, c.status
  from sessions s join users u on u.id = s.user_id left join companies c on c.id = u.company_id
  where s.token_hash = ? and s.revoked_at is null and s.expires_at > ? and u.deleted_at is null`;
const COMPANY = 'select id, name, image from companies where id = ?';

/**
 * A bare Hono route answering `me`'s question with hand-written SQL through a raw driver: the
 * ceiling the GraphQL path is measured against (the same answer, byte for byte).
 */
export function bareMeApp(driver: 'libsql' | 'bun:sqlite', file: string): Hono {
  type Get = (...params: unknown[]) => unknown[] | undefined;
  let session: Get;
  let company: Get;
  if (driver === 'bun:sqlite') {
    const db = new BunDatabase(file, { readonly: true });
    const s = db.prepare(SESSION);
    const c = db.prepare(COMPANY);
    session = (...p) => (s.values(...(p as string[])) as unknown[][])[0];
    company = (...p) => (c.values(...(p as string[])) as unknown[][])[0];
  } else {
    const db = new Libsql(file);
    const s = db.prepare(SESSION).raw(true);
    const c = db.prepare(COMPANY).raw(true);
    session = (...p) => s.get(p) as unknown[] | undefined;
    company = (...p) => c.get(p) as unknown[] | undefined;
  }
  const app = new Hono();
  app.post('/graphql', async (c) => {
    await c.req.json();
    const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const now = new Date().toISOString();
    const row = token ? session(sha256Hex(token), now) : undefined;
    if (!row || row[7] !== 'ACTIVATED' || (row[6] !== 'SUPER_ADMIN' && row[11] !== 'ACTIVATED'))
      return c.json(
        { data: null, errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] },
        401,
      );
    const org = row[4] ? company(row[4]) : undefined;
    return c.json({
      data: {
        me: {
          user: {
            id: row[3],
            email: row[5],
            accessLevel: row[6],
            watchGetStarted: row[8] === 1,
            watchNPS: row[10] !== 1 && row[9] !== null && (row[9] as string) <= now,
            company: org ? { id: org[0], name: org[1], image: org[2] } : null,
          },
          sessionExpiresAt: row[2],
          companyId: row[1] ?? row[4],
        },
      },
    });
  });
  return app;
}
