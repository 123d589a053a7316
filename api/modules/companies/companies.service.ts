import type { SupportLevel } from '../../../db/domain/organizations';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { optionalName, requireName } from '../../lib/validation';
import { writeTransaction, type Tx } from '../../../db/write-transaction';
import { ACCOUNT_MANAGERS } from '../../../db/domain/organizations';
import { todayIn } from '../../lib/clock';
import * as repo from './companies.repo';
import { isAvatarPath } from '../files';
import { pageInfo, pageOf, type PageArgs } from '../../graphql/paging';

const { findCompanyById, updateCompanyById } = repo;

const TEXT_MAX = 2000;

export function requireAccountManager(value: string | null | undefined): string {
  if (!value || value.trim() === '') throw new AppError('INCOMPLETE_INPUT', { field: 'accountManager' });
  if (!(ACCOUNT_MANAGERS as readonly string[]).includes(value))
    throw new AppError('INVALID_PARAMETERS', { field: 'accountManager', reason: 'NOT_IN_LIST' });
  return value;
}

function optionalText(field: string, value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const v = value.trim();
  if (v.length > max) throw new AppError('INVALID_PARAMETERS', { field, reason: 'TOO_LONG', max });
  if (/[<>]/.test(v)) throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_CHARACTERS' });
  return v;
}

export type UpdateCompanyInput = {
  id: string;
  name: string;
  legalName?: string | null;
  VATNumber?: string | null;
  image?: string | null;
  address?: {
    street?: string | null;
    postalCode?: string | null;
    city?: string | null;
    state?: string | null;
    country?: string | null;
  } | null;
  accountManager?: string | null;
  companyOwner?: string | null;
  supportLevel?: SupportLevel | null;
  comment?: string | null;
};

/**
 * updateCompany: name required; postal code numeric; country a two-letter
 * code. Owner, account manager and support level are operator fields and then required; an ADMIN
 * sending them is refused (inputs never carry fields the caller may not set).
 */
export async function updateCompany(
  deps: Pick<Deps, 'clock' | 'db'>,
  viewer: Viewer,
  input: UpdateCompanyInput,
): Promise<void> {
  const operator = viewer.accessLevel === 'SUPER_ADMIN';
  const name = requireName('name', input.name);
  const address = input.address ?? {};
  const postalCode = optionalText('postalCode', address.postalCode, 10);
  if (postalCode && !/^\d+$/.test(postalCode))
    throw new AppError('INVALID_PARAMETERS', { field: 'postalCode', reason: 'NUMERIC' });
  const country = optionalText('country', address.country, 2)?.toUpperCase() ?? null;
  if (country && !/^[A-Z]{2}$/.test(country))
    throw new AppError('INVALID_PARAMETERS', { field: 'country', reason: 'ISO_3166_ALPHA_2' });
  const set: Parameters<typeof updateCompanyById>[2] = {
    name,
    legalName: optionalName('legalName', input.legalName, 200),
    vatNumber: optionalText('VATNumber', input.VATNumber, 30),
    street: optionalText('street', address.street, 200),
    postalCode,
    city: optionalName('city', address.city),
    state: optionalName('state', address.state),
    country,
    updatedAt: deps.clock.now().toISOString(),
  };
  const operatorFields = [input.accountManager, input.companyOwner, input.supportLevel, input.comment];
  if (!operator && operatorFields.some((v) => v !== undefined && v !== null))
    throw new AppError('UNAUTHORIZED', { reason: 'OPERATOR_FIELDS' });
  await writeTransaction(deps.db, async (tx) => {
    const company = await findCompanyById(tx, input.id);
    if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
    // The logo is shown to every member and to operators: a new one must be a picture uploaded for this
    // organisation (any text was kept before, such as an address on another server); the form sends
    // the one it has again.
    if (input.image !== undefined && input.image !== company.image) {
      const ours = `/files/avatars/companies/${company.id}/`;
      if (input.image !== null && !(isAvatarPath(input.image, ['companies']) && input.image.startsWith(ours)))
        throw new AppError('INVALID_PARAMETERS', { field: 'image', reason: 'NOT_AN_UPLOADED_AVATAR' });
      set.image = input.image;
    }
    if (operator) {
      set.accountManager = requireAccountManager(input.accountManager);
      if (!input.supportLevel) throw new AppError('INCOMPLETE_INPUT', { field: 'supportLevel' });
      set.supportLevel = input.supportLevel;
      if (!input.companyOwner) throw new AppError('INCOMPLETE_INPUT', { field: 'companyOwner' });
      // The owner is an active ADMIN of this company (the owner keeps admin access).
      const owner = await repo.findActiveAdminOfCompany(tx, company.id, input.companyOwner);
      if (!owner)
        throw new AppError('INVALID_PARAMETERS', { field: 'companyOwner', reason: 'NOT_AN_ADMIN_OF_THE_COMPANY' });
      set.ownerId = owner.id;
      if (input.comment !== undefined) set.comment = optionalText('comment', input.comment, TEXT_MAX);
    }
    await updateCompanyById(tx, company.id, set);
  });
}

export type BusinessInfo = {
  accountManager: string;
  supportLevel: SupportLevel;
  notes?: string | null;
  packageId?: string | null;
};

/** The business-info step of the activation wizard, checked before anything is written. */
export function checkBusinessInfo(input: BusinessInfo) {
  const accountManager = requireAccountManager(input.accountManager);
  if (!input.supportLevel) throw new AppError('INCOMPLETE_INPUT', { field: 'supportLevel' });
  return {
    accountManager,
    supportLevel: input.supportLevel,
    notes: optionalText('notes', input.notes, TEXT_MAX),
    packageId: input.packageId ?? null,
  };
}

/** The PENDING company the activation wizard activates (read inside its transaction). */
export async function requirePendingCompany(tx: Tx, companyId: string) {
  const company = await findCompanyById(tx, companyId);
  if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
  if (company.status !== 'PENDING')
    throw new AppError('INVALID_PARAMETERS', { field: 'companyId', reason: 'NOT_PENDING' });
  return company;
}

/** The last step of activateOrganization (contracts.service), inside its transaction: the business info, the company ACTIVATED. */
export async function markActivated(
  tx: Tx,
  deps: Pick<Deps, 'clock'>,
  company: repo.CompanyRow,
  info: ReturnType<typeof checkBusinessInfo>,
) {
  const nowIso = deps.clock.now().toISOString();
  await updateCompanyById(tx, company.id, {
    status: 'ACTIVATED',
    accountManager: info.accountManager,
    supportLevel: info.supportLevel,
    comment: info.notes ?? company.comment,
    packageId: info.packageId ?? company.packageId,
    activatedAt: nowIso,
    deactivatedAt: null,
    updatedAt: nowIso,
  });
}

/** PENDING -> ACTIVATED needs the wizard (a contract); ACTIVATED <-> DEACTIVATED is a switch. Deactivation ends the company's sessions at once. */
export async function setCompanyStatus(
  deps: Pick<Deps, 'clock' | 'db'>,
  companyId: string,
  status: 'PENDING' | 'ACTIVATED' | 'DEACTIVATED',
): Promise<void> {
  await writeTransaction(deps.db, async (tx) => {
    const company = await findCompanyById(tx, companyId);
    if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
    if (company.status === status) return;
    if (status === 'PENDING')
      throw new AppError('INVALID_PARAMETERS', { field: 'status', reason: 'CANNOT_RETURN_TO_PENDING' });
    if (status === 'ACTIVATED' && company.status === 'PENDING')
      throw new AppError('INVALID_PARAMETERS', { field: 'status', reason: 'USE_ACTIVATE_ORGANIZATION' });
    const nowIso = deps.clock.now().toISOString();
    await updateCompanyById(tx, companyId, {
      status,
      deactivatedAt: status === 'DEACTIVATED' ? nowIso : null,
      updatedAt: nowIso,
    });
    if (status === 'DEACTIVATED') await repo.revokeSessionsOfCompany(tx, companyId, nowIso);
  });
}

/**
 * deleteCompany: soft (ledger rows are kept 7 years): the company and its users
 * are marked deleted, sessions end, and the users' addresses become free to register again.
 */
export async function deleteCompany(deps: Pick<Deps, 'clock' | 'db'>, companyId: string): Promise<void> {
  await writeTransaction(deps.db, async (tx) => {
    const company = await findCompanyById(tx, companyId);
    if (!company || company.deletedAt) throw new AppError('COMPANY_NOT_FOUND');
    const nowIso = deps.clock.now().toISOString();
    await updateCompanyById(tx, companyId, {
      deletedAt: nowIso,
      status: company.status === 'PENDING' ? 'PENDING' : 'DEACTIVATED',
      updatedAt: nowIso,
    });
    await repo.revokeSessionsOfCompany(tx, companyId, nowIso);
    await repo.deleteUsersOfCompany(tx, companyId, nowIso);
  });
}

export async function updateComment(
  deps: Pick<Deps, 'clock' | 'db'>,
  companyId: string,
  comment: string | null | undefined,
) {
  await updateCompanyById(deps.db, companyId, {
    comment: optionalText('comment', comment, TEXT_MAX),
    updatedAt: deps.clock.now().toISOString(),
  });
}

export async function setBeta(deps: Pick<Deps, 'clock' | 'db'>, companyId: string, isBeta: boolean) {
  await updateCompanyById(deps.db, companyId, { isBeta, updatedAt: deps.clock.now().toISOString() });
}

/** The operator's package choice for a company (setPackage); the credits module checks the package exists. */
export async function setPackage(deps: Pick<Deps, 'clock' | 'db'>, companyId: string, packageId: string) {
  await updateCompanyById(deps.db, companyId, { packageId, updatedAt: deps.clock.now().toISOString() });
}

export type CompanyListArgs = {
  search?: string | null;
  sortBy?: repo.CompanySort | null;
  sortDirection?: 'ASC' | 'DESC' | null;
  page?: PageArgs;
};

/** One page of the operators' organisation lists: search on the name, a status filter, sorting and paging (all in SQL). */
export async function companiesPage(
  deps: Pick<Deps, 'clock' | 'db'>,
  args: CompanyListArgs,
  status: repo.CompanyRow['status'] | undefined,
  defaultSort: repo.CompanySort,
) {
  const page = pageOf(args.page);
  const { rows, total } = await repo.listCompanies(deps.db, {
    status,
    search: args.search?.trim().slice(0, 100) || undefined,
    sort: args.sortBy ?? defaultSort,
    direction: args.sortDirection ?? (defaultSort === 'CREATED_AT' ? 'DESC' : 'ASC'),
    limit: page.limit,
    offset: page.offset,
    today: todayIn(deps.clock),
  });
  return { rows, pageInfo: pageInfo(page, total) };
}

export const companiesSummary = (deps: Deps) => repo.countCompaniesByStatus(deps.db);
export const companyStats = (deps: Deps, companyId: string) => repo.companyStats(deps.db, companyId);

/** The company's newest data import (the presented company's latestDataImport, loaded when asked for). */
export function latestDataImportOf(deps: Pick<Deps, 'db'>, companyId: string) {
  return repo.latestImport(deps.db, companyId);
}
