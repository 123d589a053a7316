import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = /* GraphQL */ `
  mutation inviteUserForSpecificCompany($newUser: NewUserInput!, $companyId: ID!) {
    inviteUserForSpecificCompany(newUser: $newUser, companyId: $companyId) {
      status
      message
    }
  }
`;

export type InviteUserForSpecificCompanyVariables = { newUser: { firstName: string; lastName: string; email: string; enableAdminAccess: boolean }; companyId: string };

/** Creates a pending user and mails the invitation link. */
export function useInviteUserForSpecificCompany() {
  const mutation = useGqlMutation<{ inviteUserForSpecificCompany: StatusResponse }, InviteUserForSpecificCompanyVariables>(DOCUMENT, 'inviteUserForSpecificCompany');
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
