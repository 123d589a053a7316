// The live soak: `n` respondents, 5 % sent twice (half of them at the same moment, half
// later), while the server is killed with SIGKILL and restarted `kills` times. Senders retry like a
// survey tool until they get an answer. Afterwards the database must hold every respondent once,
// each charged once, and the ledger must add up. Used by `npm run soak:live` (100,000, two kills)
// and by a short version in the test suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../db/client';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { respondentBody, serverEnv, setupLiveWorld } from './live-support';

export type SoakReport = {
  respondents: number;
  requests: number;
  duplicatesTogether: number;
  duplicatesLater: number;
  kills: number;
  retries: number;
  answers: Record<string, number>;
  stored: number;
  charged: number;
  chargedTwice: number;
  storedWithoutCharge: number;
  credits: number;
  usedCredits: number;
  datafileCost: number;
  datafileRecords: number;
  planBalanceOk: boolean;
  seconds: number;
};

export async function runSoak(options: {
  n: number;
  kills: number;
  concurrency?: number;
  log?: (line: string) => void;
}): Promise<SoakReport> {
  const { n, kills } = options;
  const log = options.log ?? (() => {});
  const concurrency = options.concurrency ?? 32;
  const dir = mkdtempSync(join(tmpdir(), 'sqp-live-soak-'));
  const started = performance.now();
  try {
    const world = await setupLiveWorld(dir, 20 * n);
    let server: ServerProcess = await startServerProcess(serverEnv(dir));
    let restarting: Promise<void> | undefined;
    const answers: Record<string, number> = {};
    let requests = 0;
    let retries = 0;

    async function sendOnce(i: number): Promise<void> {
      const body = respondentBody(`soak-${i}`, i);
      for (;;) {
        if (restarting) await restarting;
        requests++;
        try {
          const res = await fetch(`${server.baseUrl}/api/live/${world.datafileId}/respondents`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-live-key': world.secret },
            body,
          });
          const json = (await res.json()) as { status?: string; error?: { code: string } };
          const key = res.status === 200 ? json.status! : `${res.status} ${json.error?.code}`;
          answers[key] = (answers[key] ?? 0) + 1;
          if (res.status === 200) return;
          if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new Error(`refused: ${key}`);
        } catch (error) {
          if (String(error).includes('refused:')) throw error;
          // Connection reset or refused while the server is down: a survey tool retries.
        }
        retries++;
        await Bun.sleep(50);
      }
    }

    // 5 %: every 20th record twice; the even ones at the same moment, the odd ones at the end.
    const later: number[] = [];
    let together = 0;
    let next = 0;
    const killAt = Array.from({ length: kills }, (_, k) => Math.floor(((k + 1) * n) / (kills + 1)));
    let killed = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= n) return;
        if (killed < killAt.length && i === killAt[killed]) {
          killed++;
          restarting = (async () => {
            log(`SIGKILL server ${server.pid} after ${i} respondents were dispatched`);
            await server.kill();
            server = await startServerProcess(serverEnv(dir));
            log(`restarted as ${server.pid}`);
          })();
          await restarting;
          restarting = undefined;
        }
        if (i % 20 === 0) {
          if ((i / 20) % 2 === 0) {
            together++;
            await Promise.all([sendOnce(i), sendOnce(i)]);
          } else {
            later.push(i);
            await sendOnce(i);
          }
        } else await sendOnce(i);
        if (i % 10_000 === 0 && i > 0) log(`${i} dispatched, ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    let j = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (j < later.length) await sendOnce(later[j++]!);
      }),
    );
    await server.stop();

    const handle = await createDb(serverEnv(dir).DATABASE_URL!);
    const one = async (q: string) => Number(((await handle.db.get(q as never)) as { n: number } | undefined)?.n ?? 0);
    const df = world.datafileId;
    const report: SoakReport = {
      respondents: n,
      requests,
      duplicatesTogether: together,
      duplicatesLater: later.length,
      kills,
      retries,
      answers,
      stored: await one(`select count(*) as n from live_respondents where datafile_id = '${df}'`),
      charged: await one(`select count(*) as n from datafile_charges where datafile_id = '${df}' and kind = 'LIVE'`),
      chargedTwice: await one(
        `select count(*) as n from (select idempotency_key from datafile_charges where datafile_id = '${df}' group by idempotency_key having count(*) > 1)`,
      ),
      storedWithoutCharge: await one(
        `select count(*) as n from live_respondents r left join datafile_charges c on c.id = r.charge_id and c.idempotency_key = 'live:' || r.datafile_id || ':' || r.record_id and c.credits = r.credits where r.datafile_id = '${df}' and c.id is null`,
      ),
      credits: await one(`select coalesce(sum(credits), 0) as n from live_respondents where datafile_id = '${df}'`),
      usedCredits: await one(
        `select coalesce(sum(t.amount), 0) as n from credit_transactions t join datafile_charges c on c.id = t.charge_id where c.datafile_id = '${df}' and t.type = 'USED'`,
      ),
      datafileCost: await one(`select cost as n from datafiles where id = '${df}'`),
      datafileRecords: await one(`select number_of_records as n from datafiles where id = '${df}'`),
      // Prepaid plans: the balance cache equals received minus the ledger's net use.
      planBalanceOk:
        (await one(
          `select count(*) as n from credit_plans p where p.company_id = '${world.companyId}' and p.category <> 'PAY_AS_USAGE' and p.balance <> (select coalesce(sum(t.delta), 0) from credit_transactions t where t.credit_plan_id = p.id)`,
        )) === 0,
      seconds: (performance.now() - started) / 1000,
    };
    handle.close();
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
