// A separate OS process charging the same database file (spawned by ledger-concurrency.test.ts):
// real cross-process contention for SQLite's write lock. Prints one JSON line with its outcomes.
import { createDb } from '../../../db/client';
import { fixedClock } from '../../../api/lib/clock';
import { AppError } from '../../../api/kernel/errors/errors';
import { chargeDatafile } from '../../../api/modules/credits/ledger.service';

const { url, now, companyId, files, count, prefix } = JSON.parse(process.argv[2]!) as {
  url: string;
  now: string;
  companyId: string;
  files: string[];
  count: number;
  prefix: string;
};
const handle = await createDb(url);
const deps = { db: handle.db, clock: fixedClock(now) };
const settled = await Promise.allSettled(
  Array.from({ length: count }, (_, i) =>
    chargeDatafile(deps, {
      companyId,
      datafileId: files[i % files.length]!,
      kind: 'LIVE',
      idempotencyKey: `${prefix}:${i}`,
      interviewCredits: Array.from({ length: 2 + (i % 5) }, () => 10),
      actorId: null,
      description: 'worker',
    }),
  ),
);
const credits = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.credits] : []));
const failures = settled.flatMap((s) =>
  s.status === 'rejected' ? [s.reason instanceof AppError ? s.reason.code : String(s.reason?.message ?? s.reason)] : [],
);
console.log(JSON.stringify({ charged: credits.reduce((a, b) => a + b, 0), ok: credits.length, failures }));
handle.close();
