import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { oesJudgeVerdicts } from '../../../db/schema';

// SQLite limits the number of bound parameters; look hashes up in slices.
const SLICE = 500;

/** Cached verdicts for these answer hashes (hash -> category). */
export async function cachedVerdicts(db: DbOrTx, hashes: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < hashes.length; i += SLICE) {
    const rows = await db
      .select({ answerHash: oesJudgeVerdicts.answerHash, category: oesJudgeVerdicts.category })
      .from(oesJudgeVerdicts)
      .where(inArray(oesJudgeVerdicts.answerHash, hashes.slice(i, i + SLICE) as string[]));
    for (const r of rows) out.set(r.answerHash, r.category);
  }
  return out;
}

/** Stores verdicts; a hash another process stored meanwhile keeps its first verdict. */
export async function storeVerdicts(
  db: DbOrTx,
  rows: readonly { answerHash: string; category: number }[],
  model: string,
  now: string,
): Promise<void> {
  for (let i = 0; i < rows.length; i += SLICE / 4) {
    const slice = rows.slice(i, i + SLICE / 4).map((r) => ({ ...r, model, createdAt: now }));
    await db.insert(oesJudgeVerdicts).values(slice).onConflictDoNothing();
  }
}
