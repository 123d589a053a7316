import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { presentCreditPlan } from '../credits';
import { daysInclusive } from '../../../db/domain/calendar';
import { contractStatus } from '../../../db/domain/contracts';
import { todayIn } from '../../lib/clock';
import type * as repo from './contracts.repo';
import { contractFieldQueries } from './contracts.service';

/** Contract -> GraphQL. Reference, creation date and creator are operator fields: null for everyone else. */
export function presentContract(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, c: repo.ContractRow) {
  const today = todayIn(deps.clock);
  const status = contractStatus(c, today);
  const operator = viewer.accessLevel === 'SUPER_ADMIN';
  const q = contractFieldQueries(deps, c);
  const plan = async (id: string | null) => {
    const p = id ? await q.creditPlan(id) : undefined;
    return p ? presentCreditPlan(deps, viewer, p) : null;
  };
  return {
    id: c.id,
    name: operator ? c.name : null,
    type: c.type,
    status,
    startDate: c.startDate,
    endDate: c.endDate,
    autoRenew: c.autoRenew,
    durationInDays: daysInclusive(c.startDate, c.endDate),
    remainingDays: status === 'ACTIVE' ? daysInclusive(today, c.endDate) : null,
    numberOfDatafiles: async () => (await q.usage()).numberOfDatafiles,
    numberOfDataRecords: async () => (await q.usage()).numberOfDataRecords,
    createdAt: operator ? c.createdAt : null,
    createdBy: async () => {
      if (!operator || !c.createdBy) return null;
      const u = await q.creator(c.createdBy);
      return u ? { id: u.id, name: `${u.firstName} ${u.lastName}` } : { id: c.createdBy, name: '-' };
    },
    assignedCompany: async () => {
      const company = await q.company();
      return { id: c.companyId, name: company?.name ?? '' };
    },
    primaryCreditPlan: () => plan(c.primaryCreditPlanId),
    backupCreditPlan: () => plan(c.backupCreditPlanId),
  };
}

/** What the GraphQL type Contract resolves from (codegen maps the type to it). */
export type PresentedContract = ReturnType<typeof presentContract>;
