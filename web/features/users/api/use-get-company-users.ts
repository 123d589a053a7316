import { useGqlQuery } from '../../../lib/swr-helpers';
import type { AccessLevel } from './use-me';

const DOCUMENT = /* GraphQL */ `
  query getCompanyUsers($companyId: ID!) {
    getCompanyUsers(companyId: $companyId) {
      id
      name { first last }
      email
      image
      accessLevel
      status
      magicKey
      isOwner
      numberOfImports
    }
  }
`;

export type CompanyUser = {
  id: string;
  name: { first: string; last: string };
  email: string;
  image: string | null;
  accessLevel: AccessLevel;
  /** ACTIVATED is an active user; any other status is a pending one (spec section 3). */
  status: string;
  magicKey: string | null;
  isOwner: boolean;
  numberOfImports: number;
};

export type GetCompanyUsersVariables = { companyId: string };

/** Every user of the company, active and pending. */
export function useGetCompanyUsers(companyId: string) {
  return useGqlQuery<{ getCompanyUsers: CompanyUser[] }, GetCompanyUsersVariables>(DOCUMENT, 'getCompanyUsers', { companyId });
}
