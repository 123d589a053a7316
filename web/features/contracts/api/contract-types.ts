import type { GetCompanyContractsQuery } from '../../../lib/gql/graphql';

export type { ContractStatus } from '../../../lib/gql/graphql';

/** A contract as getCompanyContracts selects it. */
export type Contract = GetCompanyContractsQuery['getCompanyContracts'][number];
/** The credit plan summary shown beside a contract (primary or backup). */
export type PlanSummary = NonNullable<Contract['primaryCreditPlan']>;
