import type { ContractType } from '../forms/contract-rules';

export type ContractStatus = 'UPCOMING' | 'ACTIVE' | 'EXPIRED' | 'DEACTIVE';

export type PlanSummary = {
  id: string;
  name: string;
  type: 'PRIMARY' | 'SECONDARY' | 'BACKUP';
  category: 'EXPIRING' | 'NON_EXPIRING' | 'PAY_AS_USAGE';
  status: ContractStatus;
  isPayPerUsage: boolean;
  isNextAvailable: boolean;
  pricePerCredit: number;
  credits: { balance: number; received: number };
};

export type Contract = {
  id: string;
  name: string | null;
  type: ContractType;
  status: ContractStatus;
  startDate: string;
  endDate: string;
  autoRenew: boolean;
  durationInDays: number;
  remainingDays: number | null;
  numberOfDatafiles: number;
  numberOfDataRecords: number;
  createdAt: string | null;
  createdBy: { id: string; name: string } | null;
  primaryCreditPlan: PlanSummary | null;
  backupCreditPlan: PlanSummary | null;
};
