import type { Client, Transaction } from '@libsql/client';

/**
 * Counts the requests the app sends through @libsql/client: each `execute`, `batch` and
 * `executeMultiple`, and in a transaction each statement or batch and the COMMIT or ROLLBACK (the
 * BEGIN travels with the first statement). Against a libSQL server each is one network round trip
 * (one HTTP request, or one WebSocket message and its answer), so the count is what a request costs
 * in latency on the remote path, whatever the machine it is measured on.
 */
export function countingClient(onRoundTrip: (what: string) => void) {
  const countTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        // An own property was set on the transaction after it was made (the in-process write lock
        // wraps commit and rollback around the originals counted here): not a request of its own.
        if (typeof value !== 'function' || Object.prototype.hasOwnProperty.call(target, prop)) return value;
        if (['execute', 'batch', 'executeMultiple', 'commit', 'rollback'].includes(prop as string))
          return (...args: unknown[]) => {
            onRoundTrip(`tx.${String(prop)}`);
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
  return (client: Client): Client =>
    new Proxy(client, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (['execute', 'batch', 'executeMultiple'].includes(prop as string))
          return (...args: unknown[]) => {
            onRoundTrip(String(prop));
            return value.apply(target, args);
          };
        if (prop === 'transaction') return async (...args: unknown[]) => countTx(await value.apply(target, args));
        return value.bind(target);
      },
    });
}

/**
 * Round trips per request of the app on @libsql/client (the remote path's driver, here over a
 * database file): a session's `me`, the datafile list, a new live respondent (scored, charged,
 * stored) and a resent one. Each request runs a few times; the last run counts (caches warm, as in
 * a running server).
 */
export async function roundTripsPerRequest(dir: string): Promise<{ request: string; trips: number; detail: string }[]> {
  const { join } = await import('node:path');
  const { createApp } = await import('../../../api/app');
  const { createDeps } = await import('../../../api/compose/create-deps');
  const { readEnv } = await import('../../../api/env');
  const { fixedClock } = await import('../../../api/lib/clock');
  const { silentLogger } = await import('../../../api/lib/logger');
  const { createDb } = await import('../../../db/client');
  const { sessionFor } = await import('../../support/factories');
  const { respondentBody, serverEnv, setupLiveWorld } = await import('../live-support');

  const world = await setupLiveWorld(dir, 1_000_000);
  const env = readEnv({ NODE_ENV: 'test', JOB_INTERVAL_MINUTES: '0', PUBLIC_URL: 'http://x', ...serverEnv(dir) });
  let trips: string[] = [];
  const handle = await createDb(env.databaseUrl, undefined, {
    driver: 'client',
    wrapClient: countingClient((what) => trips.push(what)),
  });
  const deps = await createDeps(env, { log: silentLogger, handle });
  try {
    const { app } = createApp(deps, { webDist: join(dir, 'no-web') });
    const owner = (await deps.db.get<{ id: string }>(
      `select id from users where company_id = '${world.companyId}'` as never,
    ))!;
    const token = await sessionFor({ db: deps.db, clock: fixedClock(new Date()) }, owner.id, world.companyId);
    const graphql = (query: string) => () =>
      app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
    let n = 0;
    const live = (recordId: () => string) => () =>
      app.request(`/api/live/${world.datafileId}/respondents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-live-key': world.secret },
        body: respondentBody(recordId(), n),
      });
    const requests: [string, () => Response | Promise<Response>][] = [
      ['me', graphql('{ me { user { id email accessLevel company { id name image } } sessionExpiresAt } }')],
      [
        'datafile list (10 rows)',
        graphql('{ getDatafilesForLoggedInUser { totalNumberOfDatafiles datafiles { id title } } }'),
      ],
      ['live respondent, new', live(() => `trip-${++n}`)],
      ['live respondent, resent', live(() => 'trip-1')],
    ];
    const out: { request: string; trips: number; detail: string }[] = [];
    for (const [request, send] of requests) {
      for (let round = 0; round < 3; round++) {
        trips = [];
        const res = await send();
        await res.text();
        if (res.status !== 200) throw new Error(`${request}: ${res.status}`);
      }
      const by = new Map<string, number>();
      for (const t of trips) by.set(t, (by.get(t) ?? 0) + 1);
      out.push({ request, trips: trips.length, detail: [...by].map(([k, v]) => `${v} ${k}`).join(', ') });
    }
    return out;
  } finally {
    deps.close();
  }
}
