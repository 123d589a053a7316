import { viennaDate } from '../../../db/domain/calendar';
import type { Deps } from '../../deps';
import type { Viewer } from '../../graphql/context';
import { contractStatus } from '../../../db/domain/contracts';
import { todayIn } from '../../lib/clock';
import { presentContract } from '../contracts/contracts.presenter';
import { listCompanyContracts } from '../contracts/contracts.repo';
import { companyCreditSummary } from '../credits/ledger.service';
import { presentUser } from '../users/users.presenter';
import { findLiveUserById } from '../users/users.repo';
import { latestImport, type CompanyRow } from './companies.repo';

/** Company -> GraphQL; contract, wallet and overview load only when asked for (a page shows 5 rows). */
export function presentCompany(deps: Deps, viewer: Viewer, c: CompanyRow) {
  const today = todayIn(deps.clock);
  let summary: ReturnType<typeof companyCreditSummary> | undefined;
  const loadSummary = () => (summary ??= companyCreditSummary(deps.db, c.id, today));
  return {
    id: c.id,
    name: c.name,
    legalName: c.legalName,
    VATNumber: c.vatNumber,
    image: c.image,
    accountManager: c.accountManager,
    supportLevel: c.supportLevel,
    comment: viewer.accessLevel === 'SUPER_ADMIN' ? c.comment : null,
    isActivated: c.status,
    isBeta: c.isBeta,
    createdAt: c.createdAt,
    createdDate: viennaDate(new Date(c.createdAt)),
    packageId: c.packageId,
    walletId: c.id,
    numberOfEmployees: c.numberOfEmployees,
    address: { street: c.street, postalCode: c.postalCode, city: c.city, state: c.state, country: c.country },
    contract: async () => {
      const active = (await listCompanyContracts(deps.db, c.id)).find((x) => contractStatus(x, today) === 'ACTIVE');
      return active ? presentContract(deps, viewer, active) : null;
    },
    wallet: async () => {
      const s = await loadSummary();
      return { id: c.id, balance: s.activeCreditPlanBalance, status: s.activeCreditPlanReceived > 0 || s.activePayAsUsageCreditPlanReceived > 0 ? 'ACTIVE' : 'EMPTY' };
    },
    companyOwner: async () => {
      const owner = c.ownerId ? await findLiveUserById(deps.db, c.ownerId) : undefined;
      return owner ? presentUser(deps, viewer, owner) : null;
    },
    activeCreditOverview: async () => {
      const s = await loadSummary();
      return { totalActiveBalance: s.activeCreditPlanBalance, totalActiveReceived: s.activeCreditPlanReceived, totalReceivedFromPayAsUsage: s.activePayAsUsageCreditPlanReceived };
    },
    latestDataImport: async () => {
      const row = await latestImport(deps.db, c.id);
      if (!row) return null;
      const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${viennaDate(new Date(row.createdAt))}T00:00:00Z`)) / 86_400_000);
      return { datafileId: row.datafileId, createdAt: row.createdAt, daysAgo: days };
    },
  };
}
