import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = graphql(`
  mutation resendUserInvitation($userId: ID!) {
    resendUserInvitation(userId: $userId) {
      status
      message
    }
  }
`);

/** A new invitation link; the previous one stops working. */
export function useResendUserInvitation() {
  const mutation = useGqlMutation(DOCUMENT);
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
