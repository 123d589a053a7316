import type { GetActiveCompanyAdminUsersQuery } from '../../../lib/gql/graphql';

/** An admin of the organisation as getActiveCompanyAdminUsers selects it. */
export type CompanyUser = GetActiveCompanyAdminUsersQuery['getActiveCompanyAdminUsers'][number];
