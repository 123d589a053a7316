import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation editContract($contractToEdit: EditContractInput!) {
    editContract(contractToEdit: $contractToEdit) {
      status
      message
    }
  }
`);

export function useEditContract() {
  return useGqlMutation(DOCUMENT);
}
