import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation updateCompany($companyToUpdate: UpdateCompanyInput!) {
    updateCompany(companyToUpdate: $companyToUpdate) {
      status
      message
    }
  }
`);

export function useUpdateCompany() {
  return useGqlMutation(DOCUMENT);
}
