import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const LOGIN = graphql(`
  mutation login($email: String!, $password: String!, $companyId: ID) {
    login(email: $email, password: $password, companyId: $companyId) {
      accessToken
      accessLevel
      expiresIn
    }
  }
`);

export function useLogin() {
  return useGqlMutation(LOGIN);
}
