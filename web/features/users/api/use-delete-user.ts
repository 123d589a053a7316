import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = /* GraphQL */ `
  mutation deleteUser($userId: ID!) {
    deleteUser(userId: $userId) {
      status
      message
    }
  }
`;

export type DeleteUserVariables = { userId: string };

/** Deletes a user or a pending invitation; their datafiles pass to the owner. */
export function useDeleteUser() {
  const mutation = useGqlMutation<{ deleteUser: StatusResponse }, DeleteUserVariables>(DOCUMENT, 'deleteUser');
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
