import { graphql } from '../../../lib/gql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  query getAllPackages {
    getAllPackages { id name numberOfCredits pricePerCredit packageType }
  }
`);

export function useGetAllPackages() {
  return useGqlQuery(DOCUMENT, {});
}
