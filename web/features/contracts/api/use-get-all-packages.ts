import { useGqlQuery } from '../../../lib/swr-helpers';
import type { PackageOption } from '../forms/contract-rules';

const DOCUMENT = /* GraphQL */ `
  query getAllPackages {
    getAllPackages { id name numberOfCredits pricePerCredit packageType }
  }
`;

export function useGetAllPackages() {
  return useGqlQuery<{ getAllPackages: PackageOption[] }>(DOCUMENT, 'getAllPackages', {});
}
