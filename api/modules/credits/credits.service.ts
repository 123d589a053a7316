import type { CreditPlanRole, TransactionType } from '../../../db/schema';
import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { pageInfo, pageOf, type PageArgs } from '../../graphql/paging';
import { todayIn } from '../../lib/clock';
import { translate, type Locale } from '../../lib/i18n';
import { transactionDescription } from '../../../db/domain/transaction-description';
import type { Viewer } from '../../graphql/context';
import { findCompanyById, setPackage } from '../companies';
import { findLiveUserById } from '../users';
import { findPackage, listPackages, plansOfCompany, type CreditPlanRow } from './credits.repo';
import { companyCreditSummary, companyCreditTotals } from './credit-summary.service';
import { nextAvailableCreditPlan } from './drawdown';
import { transactionsGroupedByDatafile } from './read-models';

// What the credit screens ask, as the rules answer it: the GraphQL layer only presents the results.

const ALL_TYPES: TransactionType[] = ['RECEIVED', 'USED', 'EXPIRED', 'REFUND'];

/** The company's credit plans (of one role when given), newest first. */
export async function companyCreditPlans(deps: Pick<Deps, 'db'>, companyId: string, role?: CreditPlanRole) {
  const plans = await plansOfCompany(deps.db, companyId);
  return plans
    .filter((p) => role === undefined || p.role === role)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** The plan the next charge draws from first, or null. */
export const nextCreditPlan = (deps: Deps, companyId: string) =>
  nextAvailableCreditPlan(deps.db, companyId, todayIn(deps.clock));

/** The wallet's figures today; the history totals load only when asked for. */
export async function creditSummary(deps: Pick<Deps, 'clock' | 'db'>, companyId: string) {
  const today = todayIn(deps.clock);
  const summary = await companyCreditSummary(deps.db, companyId, today);
  let totals: ReturnType<typeof companyCreditTotals> | undefined;
  return { summary, totals: () => (totals ??= companyCreditTotals(deps.db, companyId, today)) };
}

export type TransactionsArgs = { search?: string | null; types?: TransactionType[] | null; page?: PageArgs };

/**
 * One page of the company's ledger grouped per datafile (8 lines by default): filtered by type and
 * by a case-insensitive search in the description as the reader reads it (rendered in `locale` from
 * its stored English template, as the credit screen shows it). Grouping runs in SQL (read model);
 * the filter and the page cut run over its lines.
 */
export async function transactionsPage(
  deps: Pick<Deps, 'db'>,
  companyId: string,
  args: TransactionsArgs,
  locale: Locale,
) {
  const page = pageOf(args.page, 8);
  const types = new Set(args.types ?? ALL_TYPES);
  const search = args.search?.trim().toLocaleLowerCase(locale).slice(0, 100) ?? '';
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  const lines = (await transactionsGroupedByDatafile(deps.db, companyId)).filter(
    (l) =>
      types.has(l.type) &&
      (!search || transactionDescription(l.description, t).toLocaleLowerCase(locale).includes(search)),
  );
  return { lines: lines.slice(page.offset, page.offset + page.limit), pageInfo: pageInfo(page, lines.length) };
}

export const packages = (deps: Deps) => listPackages(deps.db);

export async function packageById(deps: Pick<Deps, 'db'>, packageId: string) {
  const p = await findPackage(deps.db, packageId);
  if (!p) throw new AppError('INVALID_ID', { field: 'packageId' });
  return p;
}

/** setPackage: the package a company's contracts are sold from (it must exist). */
export async function setCompanyPackage(deps: Pick<Deps, 'clock' | 'db'>, companyId: string, packageId: string) {
  await packageById(deps, packageId);
  await setPackage(deps, companyId, packageId);
}

// One "next available plan" lookup per company and request, however many plans are shown.
const nextPlanCache = new WeakMap<Viewer, Map<string, Promise<string | null>>>();
function nextPlanId(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, companyId: string): Promise<string | null> {
  let byCompany = nextPlanCache.get(viewer);
  if (!byCompany) nextPlanCache.set(viewer, (byCompany = new Map()));
  let p = byCompany.get(companyId);
  if (!p)
    byCompany.set(
      companyId,
      (p = nextAvailableCreditPlan(deps.db, companyId, todayIn(deps.clock)).then((plan) => plan?.id ?? null)),
    );
  return p;
}

/** The queries behind a presented credit plan's nested fields (presenters only shape data), run when asked for. */
export function creditPlanFieldQueries(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, p: CreditPlanRow) {
  return {
    creator: (userId: string) => findLiveUserById(deps.db, userId),
    company: () => findCompanyById(deps.db, p.companyId),
    nextAvailablePlanId: () => nextPlanId(deps, viewer, p.companyId),
  };
}

// Company.wallet and Company.activeCreditOverview share one summary per company object and request.
const summaries = new WeakMap<object, ReturnType<typeof creditSummary>>();

/** The company's credit summary, once per company object and request. */
export function creditSummaryOf(deps: Pick<Deps, 'clock' | 'db'>, company: { id: string }) {
  let s = summaries.get(company);
  if (!s) summaries.set(company, (s = creditSummary(deps, company.id)));
  return s;
}
