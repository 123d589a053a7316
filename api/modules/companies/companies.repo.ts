import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies } from '../../../db/schema';

export async function insertCompany(db: DbOrTx, row: typeof companies.$inferInsert) {
  await db.insert(companies).values(row);
}

export async function findCompanyById(db: DbOrTx, id: string) {
  return db.select().from(companies).where(eq(companies.id, id)).get();
}
