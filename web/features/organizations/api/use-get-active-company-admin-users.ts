import { useGqlQuery } from '../../../lib/swr-helpers';
import type { CompanyUser } from './company-user';

const DOCUMENT = /* GraphQL */ `
  query getActiveCompanyAdminUsers($companyId: ID!) {
    getActiveCompanyAdminUsers(companyId: $companyId) { id name { first last } email image accessLevel status isOwner numberOfImports }
  }
`;

export function useGetActiveCompanyAdminUsers(companyId: string | null) {
  return useGqlQuery<{ getActiveCompanyAdminUsers: CompanyUser[] }, { companyId: string }>(DOCUMENT, 'getActiveCompanyAdminUsers', { companyId: companyId ?? '' }, { enabled: Boolean(companyId) });
}
