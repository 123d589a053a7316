import { viennaDate } from '../../../db/domain/calendar';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { plainFields, type PlainFieldMap } from '../../graphql/plain-fields';
import { todayIn } from '../../lib/clock';
import type { CompanyRow } from './companies.repo';
import { latestDataImportOf } from './companies.service';

/**
 * Company -> GraphQL. The fields of modules above companies (contract, wallet, credit overview,
 * owner) are resolved by those modules (`extend type Company`), and load only when asked for.
 */
export function presentCompany(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, c: CompanyRow) {
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
    /** The owner's user id; the users module presents the owner. */
    ownerId: c.ownerId,
    latestDataImport: async () => {
      const row = await latestDataImportOf(deps, c.id);
      if (!row) return null;
      const today = todayIn(deps.clock);
      const days = Math.round(
        (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${viennaDate(new Date(row.createdAt))}T00:00:00Z`)) /
          86_400_000,
      );
      return { datafileId: row.datafileId, createdAt: row.createdAt, daysAgo: days };
    },
  };
}

/** What the GraphQL type Company resolves from (codegen maps the type to it). */
export type PresentedCompany = ReturnType<typeof presentCompany>;

/** The fields of Company a presented one holds as values: read without a resolver (api/graphql/plain-fields.ts). */
export const companiesPlainFields: PlainFieldMap = {
  Company: plainFields<PresentedCompany>()([
    'id',
    'name',
    'legalName',
    'VATNumber',
    'image',
    'accountManager',
    'supportLevel',
    'comment',
    'isActivated',
    'isBeta',
    'createdAt',
    'createdDate',
    'packageId',
    'walletId',
    'numberOfEmployees',
    'address',
  ]),
};
