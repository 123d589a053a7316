import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { certificates, companies, datafiles } from '../../../db/schema';

export type CertificateRow = typeof certificates.$inferSelect;

export async function insertCertificate(db: DbOrTx, row: typeof certificates.$inferInsert): Promise<void> {
  await db.insert(certificates).values(row);
}

export async function findCertificate(db: DbOrTx, code: string): Promise<CertificateRow | undefined> {
  return db.select().from(certificates).where(eq(certificates.code, code)).get();
}

/** What a statement names besides the id: the datafile's title and its company's name. */
export async function datafileSubject(
  db: DbOrTx,
  datafileId: string,
): Promise<{ title: string; companyName: string } | undefined> {
  return db
    .select({ title: datafiles.title, companyName: companies.name })
    .from(datafiles)
    .innerJoin(companies, eq(companies.id, datafiles.companyId))
    .where(eq(datafiles.id, datafileId))
    .get();
}

/** The newest certificate of one revision of a datafile (the one an export's 'Quality Mark' and the report name). */
export async function latestCertificateOf(
  db: DbOrTx,
  datafileId: string,
  revision: number,
): Promise<CertificateRow | undefined> {
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.datafileId, datafileId), eq(certificates.revision, revision)))
    .orderBy(desc(certificates.issuedAt))
    .limit(1)
    .get();
}
