import { useGqlMutation } from '../../../lib/swr-helpers';
import type { StatusResponse } from '../../../lib/status-response';

const DOCUMENT = /* GraphQL */ `
  mutation markNotificationAsReaded($notificationId: ID!) {
    markNotificationAsReaded(notificationId: $notificationId) {
      status
      message
    }
  }
`;

export type MarkNotificationAsReadedVariables = { notificationId: string };

export function useMarkNotificationAsReaded() {
  return useGqlMutation<{ markNotificationAsReaded: StatusResponse }, MarkNotificationAsReadedVariables>(DOCUMENT, 'markNotificationAsReaded');
}
