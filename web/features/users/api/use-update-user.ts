import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = /* GraphQL */ `
  mutation updateUser($userToUpdate: UpdateUserInput!) {
    updateUser(userToUpdate: $userToUpdate) {
      status
      message
    }
  }
`;

export type UpdateUserVariables = { userToUpdate: { userId: string; name: { first: string; last: string }; image?: string | null; accessLevel?: 'ADMIN' | 'EMPLOYEE' } };

/** Name, avatar and (for others) access level; refreshes the user lists and the top bar. */
export function useUpdateUser() {
  const mutation = useGqlMutation<{ updateUser: StatusResponse }, UpdateUserVariables>(DOCUMENT, 'updateUser');
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
