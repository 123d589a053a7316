import { addDays, oneYearEnd, viennaDate } from '../../../db/domain/calendar';
import type { Db } from '../../../db/client';
import { sha256Hex } from '../../../api/lib/crypto';

/**
 * The admin panel's worst case: `count` ACTIVATED organisations, each with a contract, its primary
 * plan and (three in four) a datafile, plus an operator whose session token is `token`. Written in
 * bulk statements straight into the tables (seconds instead of minutes through the services).
 */
export async function seedOrganisations(db: Db, count: number, token: string, now = new Date()) {
  const today = viennaDate(now);
  const iso = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.run(
      `insert into users (id, email, first_name, last_name, access_level, status, password_hash, magic_key_hash, created_at) values ('op', 'op@bench.example', 'Op', 'Erator', 'SUPER_ADMIN', 'ACTIVATED', 'x', 'k', '${iso}')`,
    );
    const types = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
    for (let i = 0; i < count; i += 500) {
      const companies: string[] = [];
      const contracts: string[] = [];
      const plans: string[] = [];
      const files: string[] = [];
      for (let j = i; j < Math.min(count, i + 500); j++) {
        const id = `co-${j}`;
        companies.push(
          `('${id}', 'Company ${String(j).padStart(5, '0')} ${j % 7 === 0 ? 'Research' : 'Insights'}', 'ACTIVATED', '${'ABC'[j % 3]}', '${iso}')`,
        );
        const start = addDays(today, -(j % 300));
        const type = types[j % 3]!;
        contracts.push(
          `('ct-${j}', '${id}', '${type}', 'REF-${j}', '${start}', '${oneYearEnd(start)}', 1, 'pl-${j}', '${iso}')`,
        );
        plans.push(
          `('pl-${j}', '${id}', 'ct-${j}', 'PRIMARY', 'EXPIRING', '${type}', 'Plan ${j}', '${start}', '${oneYearEnd(start)}', 10000, ${10000 - (j % 9000)}, 10, '${iso}')`,
        );
        if (j % 4 !== 0)
          files.push(
            `('df-${j}', '${id}', 'op', 'File ${j}', 'MANUAL', 'READY', ${j % 900}, '${new Date(now.getTime() - (j % 60) * 86_400_000).toISOString()}')`,
          );
      }
      await tx.run(`insert into companies (id, name, status, support_level, created_at) values ${companies.join(',')}`);
      await tx.run(
        `insert into contracts (id, company_id, type, name, start_date, end_date, auto_renew, primary_credit_plan_id, created_at) values ${contracts.join(',')}`,
      );
      await tx.run(
        `insert into credit_plans (id, company_id, contract_id, role, category, plan_type, name, valid_from, valid_until, received, balance, price_per_credit, created_at) values ${plans.join(',')}`,
      );
      if (files.length)
        await tx.run(
          `insert into datafiles (id, company_id, owner_id, title, import_type, status, number_of_records, created_at) values ${files.join(',')}`,
        );
    }
    await tx.run(
      `insert into sessions (id, token_hash, user_id, created_at, expires_at) values ('s', '${sha256Hex(token)}', 'op', '${iso}', '${new Date(now.getTime() + 3600_000).toISOString()}')`,
    );
  });
}

/** The page the admin panel loads, as it asks for it: 5 rows with contract, credit overview and latest import. */
export const ORGANISATIONS_PAGE = `query($s:String,$by:CompanySortField,$dir:SortDirection,$p:PageInput){getAllActiveCompanies(search:$s,sortBy:$by,sortDirection:$dir,page:$p){
  companies{ id name supportLevel contract{ type startDate endDate remainingDays } activeCreditOverview{ totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage } latestDataImport{ daysAgo } }
  pageInfo{ total nextPage } } }`;

/** Every sortable column, a deep page and a search (tests/bench/companies-page.bench.ts measured these before the database path's rework). */
export const ORGANISATIONS_CASES: [string, Record<string, unknown>][] = [
  ['first page, by name', {}],
  ['page 1000, by name', { p: { page: 1000, limit: 5 } }],
  ['search "research"', { s: 'research' }],
  ['by remaining days', { by: 'REMAINING_DAYS' }],
  ['by contract type desc', { by: 'CONTRACT_TYPE', dir: 'DESC' }],
  ['by latest import desc', { by: 'LATEST_IMPORT', dir: 'DESC' }],
  ['by support level', { by: 'SUPPORT_LEVEL' }],
];
