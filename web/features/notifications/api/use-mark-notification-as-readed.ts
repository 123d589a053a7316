import { graphql } from '../../../lib/gql';
import { useGqlMutation } from '../../../lib/swr-helpers';

const DOCUMENT = graphql(`
  mutation markNotificationAsReaded($notificationId: ID!) {
    markNotificationAsReaded(notificationId: $notificationId) {
      status
      message
    }
  }
`);

export function useMarkNotificationAsReaded() {
  return useGqlMutation(DOCUMENT);
}
