import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = graphql(`
  mutation updateUser($userToUpdate: UpdateUserInput!) {
    updateUser(userToUpdate: $userToUpdate) {
      status
      message
    }
  }
`);

/** Name, avatar and (for others) access level; refreshes the user lists and the top bar. */
export function useUpdateUser() {
  const mutation = useGqlMutation(DOCUMENT);
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
