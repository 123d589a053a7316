import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = graphql(`
  mutation deleteUser($userId: ID!) {
    deleteUser(userId: $userId) {
      status
      message
    }
  }
`);

/** Deletes a user or a pending invitation; their datafiles pass to the owner. */
export function useDeleteUser() {
  const mutation = useGqlMutation(DOCUMENT);
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
