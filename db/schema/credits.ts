import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { CONTRACT_TYPES } from '../domain/contracts';
import { calendarDate, createdAt, id, instant } from './columns';

// The credit rules as stored: an append-only ledger (a correction is a new row), integer credits,
// integer euro cents, Vienna calendar dates, idempotency keys under UNIQUE indexes.

export { CONTRACT_TYPES, type ContractType } from '../domain/contracts';
export const CREDIT_PLAN_ROLES = ['PRIMARY', 'SECONDARY', 'BACKUP'] as const;
export type CreditPlanRole = (typeof CREDIT_PLAN_ROLES)[number];
export const CREDIT_PLAN_CATEGORIES = ['EXPIRING', 'NON_EXPIRING', 'PAY_AS_USAGE'] as const;
export type CreditPlanCategory = (typeof CREDIT_PLAN_CATEGORIES)[number];
export const TRANSACTION_TYPES = ['RECEIVED', 'USED', 'EXPIRED', 'REFUND'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const CHARGE_KINDS = ['UPLOAD', 'UPDATE', 'LIVE'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const packages = sqliteTable('packages', {
  id: id(),
  name: text('name').notNull(),
  /** Duration in days. */
  duration: integer('duration').notNull(),
  numberOfCredits: integer('number_of_credits').notNull(),
  /** Euro cents per credit. */
  pricePerCredit: integer('price_per_credit').notNull(),
  numberOfUsers: integer('number_of_users').notNull(),
  pricePerCreditMonth: integer('price_per_credit_month').notNull(),
  pricePerCreditYear: integer('price_per_credit_year').notNull(),
  pricePerCreditOther: integer('price_per_credit_other').notNull(),
  packageType: text('package_type', { enum: CONTRACT_TYPES }).notNull(),
});

export const contracts = sqliteTable(
  'contracts',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type', { enum: CONTRACT_TYPES }).notNull(),
    /** The reference shown as the contract name. */
    name: text('name').notNull(),
    startDate: calendarDate('start_date').notNull(),
    /** Inclusive end date. */
    endDate: calendarDate('end_date').notNull(),
    autoRenew: integer('auto_renew', { mode: 'boolean' }).notNull().default(false),
    /** The contract this one renews; unique so a renewal happens once. */
    renewedFromId: text('renewed_from_id').unique(),
    primaryCreditPlanId: text('primary_credit_plan_id'),
    backupCreditPlanId: text('backup_credit_plan_id'),
    deactivatedAt: instant('deactivated_at'),
    deactivatedBy: text('deactivated_by'),
    /** A deleted upcoming contract: kept for the audit trail (its plan's credits are written off), hidden from lists. */
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
    /** Optimistic locking for edits. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('contracts_company_idx').on(t.companyId, t.startDate),
    // The admin panel sorts organisations by their active contract (companies.repo.ts): it walks the
    // live contracts in end-date or type order (either way, the company breaking ties) and checks
    // each is its company's active one without reading the row.
    index('contracts_company_dates_idx').on(
      t.companyId,
      t.startDate,
      t.endDate,
      t.deletedAt,
      t.deactivatedAt,
      t.type,
      t.id,
    ),
    index('contracts_live_end_idx')
      .on(t.endDate, t.companyId)
      .where(sql`${t.deletedAt} IS NULL AND ${t.deactivatedAt} IS NULL`),
    index('contracts_live_type_idx')
      .on(t.type, t.companyId)
      .where(sql`${t.deletedAt} IS NULL AND ${t.deactivatedAt} IS NULL`),
    index('contracts_live_type_desc_idx')
      .on(sql`${t.type} DESC`, t.companyId)
      .where(sql`${t.deletedAt} IS NULL AND ${t.deactivatedAt} IS NULL`),
    check('contracts_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

export const creditPlans = sqliteTable(
  'credit_plans',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    /** Null for secondary plans not tied to a contract. */
    contractId: text('contract_id').references(() => contracts.id),
    role: text('role', { enum: CREDIT_PLAN_ROLES }).notNull(),
    category: text('category', { enum: CREDIT_PLAN_CATEGORIES }).notNull(),
    /** Package tier (STARTER ... TEST), the "type" that getCompanyCreditPlansByType filters on. */
    planType: text('plan_type', { enum: CONTRACT_TYPES }).notNull(),
    name: text('name').notNull(),
    validFrom: calendarDate('valid_from').notNull(),
    /** Inclusive; null = never expires. */
    validUntil: calendarDate('valid_until'),
    /** Credits received (prepaid), or credits used so far (pay-as-usage). */
    received: integer('received').notNull().default(0),
    /** Cache of the sum of the plan's ledger deltas, updated in the same transaction. */
    balance: integer('balance').notNull().default(0),
    /** Euro cents per credit. */
    pricePerCredit: integer('price_per_credit').notNull(),
    /** Euro cents paid for the plan (0 for pay-as-usage). */
    paymentAmount: integer('payment_amount').notNull().default(0),
    invoiceNumber: text('invoice_number'),
    invoiceUrl: text('invoice_url'),
    /** For a backup plan: its first use. */
    activatedAt: instant('activated_at'),
    deactivatedAt: instant('deactivated_at'),
    createdAt: createdAt(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('credit_plans_company_idx').on(t.companyId, t.role),
    // Last line of defence: a prepaid plan can never go below zero.
    check('credit_plans_prepaid_balance_ck', sql`${t.category} = 'PAY_AS_USAGE' OR ${t.balance} >= 0`),
    check('credit_plans_price_ck', sql`${t.pricePerCredit} >= 0 AND ${t.paymentAmount} >= 0`),
  ],
);

/** One row per charging event of a datafile (first upload, each update, each live record). */
export const datafileCharges = sqliteTable(
  'datafile_charges',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    datafileId: text('datafile_id').notNull(),
    kind: text('kind', { enum: CHARGE_KINDS }).notNull(),
    /** e.g. upload:{datafileId}:{revision}, live:{datafileId}:{recordId}. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Hash of the request, to refuse the same key with a different payload. */
    requestHash: text('request_hash').notNull(),
    interviews: integer('interviews').notNull(),
    credits: integer('credits').notNull(),
    operationId: text('operation_id').notNull(),
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('datafile_charges_datafile_idx').on(t.datafileId),
    check('datafile_charges_positive_ck', sql`${t.interviews} >= 0 AND ${t.credits} > 0`),
  ],
);

/** The ledger: append-only (triggers in the migrations refuse UPDATE and DELETE). */
export const creditTransactions = sqliteTable(
  'credit_transactions',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    creditPlanId: text('credit_plan_id')
      .notNull()
      .references(() => creditPlans.id),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    /** Always > 0; the sign lives in delta. */
    amount: integer('amount').notNull(),
    /** Signed change of the plan balance. */
    delta: integer('delta').notNull(),
    chargeId: text('charge_id').references(() => datafileCharges.id),
    datafileId: text('datafile_id'),
    /** For REFUND: the USED row refunded (unique: at most one refund each). */
    reversedTransactionId: text('reversed_transaction_id').unique(),
    /** Groups the rows of one logical operation. */
    operationId: text('operation_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Euro cents per credit at the time (pay-as-usage invoices). */
    pricePerCredit: integer('price_per_credit').notNull(),
    description: text('description').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    /** Vienna calendar date of occurredAt. */
    occurredDate: calendarDate('occurred_date').notNull(),
    actorId: text('actor_id'),
    reason: text('reason'),
  },
  (t) => [
    index('credit_transactions_company_idx').on(t.companyId, t.occurredAt),
    // The operator stats sum USED and REFUND per organisation and month off this index (a range of
    // Vienna dates, no table reads): ~50 ms over 100,000 rows instead of a ~165 ms walk of the table.
    index('credit_transactions_stats_idx').on(t.occurredDate, t.type, t.companyId, t.amount),
    index('credit_transactions_plan_idx').on(t.creditPlanId),
    index('credit_transactions_datafile_idx').on(t.datafileId),
    check('credit_transactions_amount_ck', sql`${t.amount} > 0 AND abs(${t.delta}) = ${t.amount}`),
  ],
);

/** Pay-as-usage usage per plan and Vienna quarter (e.g. 2026-Q4); amount = net usage x price. */
export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    creditPlanId: text('credit_plan_id')
      .notNull()
      .references(() => creditPlans.id),
    quarter: text('quarter').notNull(),
    usageCredits: integer('usage_credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoices_plan_quarter_uq').on(t.creditPlanId, t.quarter)],
);
