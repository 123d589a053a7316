import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';
import { useRevalidatingTrigger } from './revalidate';

const DOCUMENT = graphql(`
  mutation inviteUserForSpecificCompany($newUser: NewUserInput!, $companyId: ID!) {
    inviteUserForSpecificCompany(newUser: $newUser, companyId: $companyId) {
      status
      message
    }
  }
`);

/** Creates a pending user and mails the invitation link. */
export function useInviteUserForSpecificCompany() {
  const mutation = useGqlMutation(DOCUMENT);
  const trigger = useRevalidatingTrigger(mutation.trigger);
  return { ...mutation, trigger };
}
