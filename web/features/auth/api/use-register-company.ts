import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation registerCompany($input: RegisterCompanyInput!) {
    registerCompany(input: $input) {
      status
      message
    }
  }
`);

export function useRegisterCompany() {
  return useGqlMutation(DOCUMENT);
}
