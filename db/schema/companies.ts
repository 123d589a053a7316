import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { SUPPORT_LEVELS } from '../domain/organizations';
import { createdAt, id, instant } from './columns';

export const COMPANY_STATUSES = ['PENDING', 'ACTIVATED', 'DEACTIVATED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export { SUPPORT_LEVELS, type SupportLevel } from '../domain/organizations';

/** An organisation (called company in the API). Address fields are flat columns. */
export const companies = sqliteTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    vatNumber: text('vat_number'),
    image: text('image'),
    accountManager: text('account_manager'),
    supportLevel: text('support_level', { enum: SUPPORT_LEVELS }),
    comment: text('comment'),
    status: text('status', { enum: COMPANY_STATUSES }).notNull().default('PENDING'),
    isBeta: integer('is_beta', { mode: 'boolean' }).notNull().default(false),
    packageId: text('package_id'),
    numberOfEmployees: integer('number_of_employees'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    /** The owner (an ADMIN of this company). No FK: users reference companies, and the owner is set after both exist. */
    ownerId: text('owner_id'),
    activatedAt: instant('activated_at'),
    deactivatedAt: instant('deactivated_at'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    index('companies_status_idx').on(t.status, t.name),
    index('companies_name_idx').on(sql`lower(${t.name})`),
    // The admin panel reads its pages straight off these (live organisations of one status, by
    // name or by support level either way, the organisation id breaking ties), and counts from the first.
    index('companies_live_status_name_idx')
      .on(t.status, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('companies_live_status_support_idx')
      .on(t.status, t.supportLevel, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('companies_live_status_support_desc_idx')
      .on(t.status, sql`${t.supportLevel} DESC`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    check('companies_support_level_ck', sql`${t.supportLevel} IS NULL OR ${t.supportLevel} IN ('A','B','C')`),
  ],
);

/** Server-wide switches (getClearLocalStorage, setSendNotification): key -> JSON value. */
export const appSettings = sqliteTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedAt: instant('updated_at').notNull(),
});
