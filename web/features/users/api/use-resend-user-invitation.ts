import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = /* GraphQL */ `
  mutation resendUserInvitation($userId: ID!) {
    resendUserInvitation(userId: $userId) {
      status
      message
    }
  }
`;

export type ResendUserInvitationVariables = { userId: string };

/** A new invitation link; the previous one stops working. */
export function useResendUserInvitation() {
  const mutation = useGqlMutation<{ resendUserInvitation: StatusResponse }, ResendUserInvitationVariables>(DOCUMENT, 'resendUserInvitation');
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
