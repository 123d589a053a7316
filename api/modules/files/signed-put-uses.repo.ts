// Signed PUT URLs already used (db/schema/signed-urls.ts): a URL works once.
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { signedPutUses } from '../../../db/schema';

/**
 * Takes a signed PUT URL for one use in one insert: true for the one caller that got it, false when
 * another request used it already (or uses it right now). URLs past their expiry are removed on the way.
 */
export async function claimSignedPut(
  db: DbOrTx,
  use: { signature: string; key: string; expiresAt: string },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  await db.delete(signedPutUses).where(lt(signedPutUses.expiresAt, at));
  const rows = await db
    .insert(signedPutUses)
    .values({ ...use, usedAt: at })
    .onConflictDoNothing()
    .returning({ signature: signedPutUses.signature });
  return rows.length === 1;
}

/** Gives a URL back when its PUT stored nothing (a refused or broken body), so the browser may send the file again. */
export async function releaseSignedPut(db: DbOrTx, signature: string, key: string): Promise<void> {
  await db.delete(signedPutUses).where(and(eq(signedPutUses.signature, signature), eq(signedPutUses.key, key)));
}
