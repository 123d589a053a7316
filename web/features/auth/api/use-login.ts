import { useGqlMutation } from '../../../lib/swr-helpers';

const LOGIN = /* GraphQL */ `
  mutation login($email: String!, $password: String!, $companyId: ID) {
    login(email: $email, password: $password, companyId: $companyId) {
      accessToken
      accessLevel
      expiresIn
    }
  }
`;

export type LoginVariables = { email: string; password: string; companyId?: string | null };
export type LoginResult = { login: { accessToken: string; accessLevel: string; expiresIn: number } };

export function useLogin() {
  return useGqlMutation<LoginResult, LoginVariables>(LOGIN, 'login');
}
