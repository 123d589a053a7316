import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation resendOutboxMail($mailId: ID!) {
    resendOutboxMail(mailId: $mailId) { status message }
  }
`);

export function useResendOutboxMail() {
  return useGqlMutation(DOCUMENT);
}
