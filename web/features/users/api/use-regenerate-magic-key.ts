import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = graphql(`
  mutation regenerateMagicKey($userId: ID!) {
    regenerateMagicKey(userId: $userId) {
      status
      message
    }
  }
`);

/** A new API key for oneself, returned in message: the only time it is shown. The old one stops working. */
export function useRegenerateMagicKey() {
  const mutation = useGqlMutation(DOCUMENT);
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
