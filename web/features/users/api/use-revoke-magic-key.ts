import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = graphql(`
  mutation revokeMagicKey($userId: ID!) {
    revokeMagicKey(userId: $userId) {
      status
      message
    }
  }
`);

/** The user's API key stops working; only the user can generate a new one. */
export function useRevokeMagicKey() {
  const mutation = useGqlMutation(DOCUMENT);
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
