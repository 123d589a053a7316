import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { chargeDatafile } from '../../api/modules/credits/ledger.service';
import { company, contract, datafile, ledgerDb, secondaryPlan, user } from '../support/ledger-fixtures';

/**
 * `npm run bench:credits`: ledger figures on a database FILE (WAL, as in production).
 * Sections run in order and print one line each; append a section to SECTIONS to add a figure
 * (the getAllActiveCompanies p95 over 10,000 companies belongs here too).
 */

type Section = { name: string; run: () => Promise<string> };

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function chargesPerSecond(total: number, inFlight: number): Promise<string> {
  const t = await ledgerDb('2027-05-05T09:00:00.000Z');
  try {
    const companyId = await company(t.db);
    const admin = await user(t.db, companyId);
    // Three plans in the drawdown order, so charges walk more than one plan now and then.
    await contract(t.deps, { companyId, startDate: '2027-01-01', credits: 5_000_000, backupPrice: 12 });
    await secondaryPlan(t.deps, { companyId, validFrom: '2027-01-01', validUntil: '2027-06-30', received: 200_000 });
    const files = await Promise.all(Array.from({ length: 20 }, () => datafile(t.db, companyId, admin)));
    const interviews = Array.from({ length: 50 }, (_, i) => 4 + (i % 7)); // 50 interviews, 4..10 credits each
    const latencies: number[] = [];
    let next = 0;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < total) {
          const i = next++;
          const t0 = performance.now();
          await chargeDatafile(t.deps, {
            companyId,
            datafileId: files[i % files.length]!,
            kind: 'LIVE',
            idempotencyKey: `bench:${i}`,
            interviewCredits: interviews,
            actorId: null,
            description: 'bench',
          });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuMsPerCharge = (cpu.user + cpu.system) / 1000 / total;
    const [{ n }] = (await t.db.all<{ n: number }>(sql`select count(*) n from datafile_charges`)) as [{ n: number }];
    if (n !== total) throw new Error(`expected ${total} charges, found ${n}`);
    return `${(total / seconds).toFixed(0)} charges/s (${total} charges of 50 interviews, ${inFlight} in flight; p50 ${pct(latencies, 50).toFixed(2)} ms, p95 ${pct(latencies, 95).toFixed(2)} ms per charge; ${cpuMsPerCharge.toFixed(2)} ms CPU per charge; load average ${loadavg()[0]!.toFixed(1)} on a shared machine)`;
  } finally {
    t.close();
  }
}

const SECTIONS: Section[] = [
  { name: 'chargeDatafile, one at a time', run: () => chargesPerSecond(2_000, 1) },
  { name: 'chargeDatafile, 32 concurrent callers', run: () => chargesPerSecond(4_000, 32) },
];

for (const section of SECTIONS) console.log(`${section.name}: ${await section.run()}`);
