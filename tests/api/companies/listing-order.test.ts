import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../db/domain/calendar';
import { createDb, type DbHandle } from '../../../db/client';
import { migrateDb } from '../../../db/migrate';
import { COMPANY_STATUSES, CONTRACT_TYPES, DATAFILE_STATUSES, SUPPORT_LEVELS } from '../../../db/schema';
import { listCompanies, type CompanySort } from '../../../api/modules/companies/companies.repo';

// listCompanies reads each page in index order and stops early (companies-listing.repo.ts). This
// checks it against the plain definition, on random organisations, contracts and imports: every
// organisation's key computed by a subquery, then ORDER BY key <direction> NULLS LAST, id, paged.

const TODAY = '2026-11-21';
const INSTANTS = [
  '2026-09-01T08:00:00.000Z',
  '2026-10-01T08:00:00.000Z',
  '2026-11-01T08:00:00.000Z',
  '2026-11-20T08:00:00.000Z',
];
const SORTS: CompanySort[] = [
  'NAME',
  'STATUS',
  'CREATED_AT',
  'SUPPORT_LEVEL',
  'CONTRACT_TYPE',
  'REMAINING_DAYS',
  'LATEST_IMPORT',
];

/** Each organisation's sort key, as the admin panel defines it (the active contract: latest start, then smallest id, as the row shows it). */
const activeContract = (column: string) =>
  `(select ${column} from contracts c where c.company_id = companies.id and c.deleted_at is null and c.deactivated_at is null and c.start_date <= '${TODAY}' and c.end_date >= '${TODAY}' order by c.start_date desc, c.id asc limit 1)`;
const KEY: Record<CompanySort, string> = {
  NAME: 'lower(name)',
  STATUS: 'status',
  CREATED_AT: 'created_at',
  SUPPORT_LEVEL: 'support_level',
  CONTRACT_TYPE: activeContract('c.type'),
  REMAINING_DAYS: activeContract(`julianday(c.end_date) - julianday('${TODAY}')`),
  LATEST_IMPORT: `(select max(d.created_at) from datafiles d where d.company_id = companies.id and d.is_deleted = 0 and d.status <> 'DRAFT')`,
};

const rarely = fc.integer({ min: 0, max: 5 }).map((n) => n === 0);
const company = fc.record({
  name: fc.constantFrom('Alpha', 'alpha', 'Beta', 'Gamma Research', 'Delta'),
  status: fc.constantFrom(...COMPANY_STATUSES),
  deleted: rarely,
  supportLevel: fc.constantFrom(...SUPPORT_LEVELS, null),
  createdAt: fc.constantFrom(...INSTANTS),
  contracts: fc.array(
    // Few distinct dates: equal start and end dates (ties) are common.
    fc.record({
      start: fc.constantFrom(-400, -200, -30, 0, 0, 30),
      length: fc.constantFrom(0, 60, 365, 365),
      type: fc.constantFrom(...CONTRACT_TYPES),
      deleted: rarely,
      deactivated: rarely,
    }),
    { maxLength: 3 },
  ),
  files: fc.array(
    fc.record({
      createdAt: fc.constantFrom(...INSTANTS),
      status: fc.constantFrom(...DATAFILE_STATUSES),
      deleted: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
});

describe('the organisations list read in index order', () => {
  let dir: string;
  let h: DbHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqp-listing-'));
    h = await createDb(`file:${join(dir, 'app.db')}`);
    await migrateDb(h.db);
    await h.db.run(
      sql`insert into users (id, email, first_name, last_name, access_level, status, magic_key_hash, created_at) values ('owner', 'o@x.example', 'O', 'W', 'SUPER_ADMIN', 'ACTIVATED', 'k', ${INSTANTS[0]})`,
    );
  });
  afterAll(() => {
    h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every page of every sort, direction, status filter and search exactly as ORDER BY key NULLS LAST, id would', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(company, { maxLength: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 14 })), {
          minLength: 2,
          maxLength: 4,
        }),
        async (world, pages) => {
          await h.db.run(sql`delete from datafiles`);
          await h.db.run(sql`delete from contracts`);
          await h.db.run(sql`delete from companies`);
          // Random ids, so the tie-breaking id order is not the insertion order.
          const ids = world.map((_, i) => `${crypto.randomUUID().slice(0, 6)}-${i}`);
          for (const [i, c] of world.entries()) {
            await h.db.run(
              sql`insert into companies (id, name, status, support_level, created_at, deleted_at) values (${ids[i]}, ${c.name}, ${c.status}, ${c.supportLevel}, ${c.createdAt}, ${c.deleted ? INSTANTS[3] : null})`,
            );
            for (const [j, k] of c.contracts.entries()) {
              const start = addDays(TODAY, k.start);
              await h.db.run(
                sql`insert into contracts (id, company_id, type, name, start_date, end_date, created_at, deleted_at, deactivated_at) values (${`${ids[i]}-ct${j}-${crypto.randomUUID().slice(0, 4)}`}, ${ids[i]}, ${k.type}, 'REF', ${start}, ${addDays(start, k.length)}, ${INSTANTS[0]}, ${k.deleted ? INSTANTS[1] : null}, ${k.deactivated ? INSTANTS[1] : null})`,
              );
            }
            for (const [j, f] of c.files.entries()) {
              await h.db.run(
                sql`insert into datafiles (id, company_id, owner_id, title, import_type, status, created_at, is_deleted) values (${`${ids[i]}-df${j}`}, ${ids[i]}, 'owner', 'File', 'MANUAL', ${f.status}, ${f.createdAt}, ${f.deleted ? 1 : 0})`,
              );
            }
          }
          for (const sort of SORTS) {
            for (const direction of ['ASC', 'DESC'] as const) {
              for (const status of [undefined, 'ACTIVATED'] as const) {
                for (const search of [undefined, 'a']) {
                  const conditions = [
                    'deleted_at is null',
                    ...(status ? [`status = '${status}'`] : []),
                    ...(search ? [`lower(name) like '%${search}%'`] : []),
                  ].join(' and ');
                  const expectedAll = (
                    await h.db.all<{ id: string }>(
                      sql.raw(
                        `select id from companies where ${conditions} order by ${KEY[sort]} ${direction} nulls last, id asc`,
                      ),
                    )
                  ).map((r) => r.id);
                  for (const [limit, offset] of [[100, 0], ...pages] as const) {
                    const got = await listCompanies(h.db, {
                      status,
                      search,
                      sort,
                      direction,
                      limit,
                      offset,
                      today: TODAY,
                    });
                    const label = `${sort} ${direction} status=${status} search=${search} limit=${limit} offset=${offset}`;
                    expect(
                      got.rows.map((r) => r.id),
                      label,
                    ).toEqual(expectedAll.slice(offset, offset + limit));
                    expect(got.total, label).toBe(expectedAll.length);
                  }
                }
              }
            }
          }
        },
      ),
      { numRuns: Number(process.env.LISTING_RUNS ?? 40) },
    );
  }, 120_000);
});
