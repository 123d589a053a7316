import { describe, expect, it } from 'vitest';
import { company, datafile, ledgerDb, user } from '../../support/ledger-fixtures';
import { LedgerModel, rng } from './ledger-model';
import { checkInvariants, checkWholeLedger, type World } from './ledger-simulation-invariants';
import { pickCommand } from './ledger-simulation-commands';

// Model-based simulation of the ledger: random commands run against the real services on a
// temporary libSQL file and against LedgerModel side by side; the ledger's invariants (numbered in
// ledger-simulation-invariants.ts) are checked after every step. A failure names its seed: LEDGER_SIM_SEED=<seed> replays exactly it.
// LEDGER_SIM_OPS scales the run (npm run test:soak).

const TOTAL_OPS = Number(process.env.LEDGER_SIM_OPS ?? 10_000);
const OPS_PER_SEED = 500;
const SEEDS = process.env.LEDGER_SIM_SEED
  ? [Number(process.env.LEDGER_SIM_SEED)]
  : Array.from({ length: Math.ceil(TOTAL_OPS / OPS_PER_SEED) }, (_, i) => 1000 + i);

// ---- runner ----------------------------------------------------------------------------------

async function simulate(seed: number, ops: number): Promise<string[]> {
  const t = await ledgerDb('2027-01-01T08:00:00.000Z');
  const w: World = {
    t,
    m: new LedgerModel('2027-01-01T08:00:00.000Z'),
    r: rng(seed),
    companies: [],
    files: new Map(),
    trace: [],
    seen: [],
    lastRowid: 0,
    expiredByJob: new Set(),
    sums: new Map(),
    ids: 0,
    checks: 0,
    timing: new Map(),
  };
  try {
    for (const name of ['Alpha', 'Beta']) {
      const companyId = await company(t.db, name);
      const admin = await user(t.db, companyId);
      w.companies.push(companyId);
      w.files.set(companyId, [
        await datafile(t.db, companyId, admin),
        await datafile(t.db, companyId, admin),
        await datafile(t.db, companyId, admin),
      ]);
    }
    for (let step = 0; step < ops; step++) {
      const command = pickCommand(w.r);
      try {
        const t0 = performance.now();
        w.trace.push(await command(w));
        const t1 = performance.now();
        await checkInvariants(w);
        const name = w.trace.at(-1)!.split(' ')[0]!;
        w.timing.set(name, (w.timing.get(name) ?? 0) + t1 - t0);
        w.timing.set('(invariants)', (w.timing.get('(invariants)') ?? 0) + performance.now() - t1);
      } catch (error) {
        (error as Error).message =
          `ledger simulation seed=${seed} step=${step} (replay: LEDGER_SIM_SEED=${seed}) after [${w.trace.slice(-5).join(' | ')}]: ${(error as Error).message}`;
        throw error;
      }
    }
    await checkWholeLedger(w);
    if (process.env.LEDGER_SIM_TIMING)
      console.log(seed, [...w.timing].map(([k, v]) => `${k}=${v.toFixed(0)}ms`).join(' '));
    return w.trace;
  } finally {
    t.close();
  }
}

/** What the seeds exercised, so a generator that stopped reaching a rule fails loudly. */
const coverage = new Map<string, number>();
const COVERED: [string, RegExp][] = [
  ['charges spanning several plans', /^charge \d+ -> \d+\+/],
  ['BALANCE_NOT_ENOUGH', /^short /],
  ['replayed retries', /^retry /],
  ['reused keys refused', /^reuse refused/],
  ['crashes rolled back', /^crash$/],
  ['refunds', /^refund \d+/],
  ['refunds twice refused', /^refund twice refused/],
  ['renewals', /^job renewed=[1-9]/],
  ['expiries', /expired=[1-9]/],
  ['quarter invoices', /invoices=[1-9]/],
  ['DST switch instants', /^clock 20\d\d-(03|10)-(2[5-9]|3[01])T0[0-2]/],
  ['29 February', /^clock 2028-02-2[89]T2[23]/],
  ['contracts deactivated', /^deactivate contract/],
  ['upcoming contracts deleted', /^delete upcoming contract/],
];

describe('ledger simulation (model-based, all 16 invariants after every step)', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${OPS_PER_SEED} random commands agree with the reference model`, async () => {
      const trace = await simulate(seed, OPS_PER_SEED);
      for (const [name, pattern] of COVERED)
        coverage.set(name, (coverage.get(name) ?? 0) + trace.filter((s) => pattern.test(s)).length);
    }, 120_000);
  }

  it.skipIf(SEEDS.length < 10)('the seeds reached every rule (coverage of the generator)', () => {
    for (const [name] of COVERED) expect(coverage.get(name), name).toBeGreaterThan(0);
    if (process.env.LEDGER_SIM_TIMING) console.log(Object.fromEntries(coverage));
  });

  it('16: the same seed gives the same run', async () => {
    const seed = SEEDS[0]!;
    expect(await simulate(seed, 150)).toEqual(await simulate(seed, 150));
  }, 120_000);
});
