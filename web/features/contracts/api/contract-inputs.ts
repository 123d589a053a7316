import type { ContractType, PlanCategory } from '../forms/contract-rules';

export type ContractInput = { contractType: ContractType; startDate: string; endDate: string; autoRenew: boolean };
export type CreditPlanInput = { creditPlanCategory: PlanCategory; creditAmount: number; pricePerCredit: number; paymentAmount: number };
export type AssignContractVariables = { input: { companyId: string; contract: ContractInput; creditPlan: CreditPlanInput; packageId?: string | null } };
export type ActivateOrganizationVariables = {
  input: { companyId: string; contract: ContractInput; creditPlan: CreditPlanInput; accountManager: string; supportLevel: string; notes?: string | null; packageId?: string | null };
};
