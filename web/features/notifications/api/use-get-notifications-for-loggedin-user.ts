import { graphql } from '../../../lib/gql';
import type { GetNotificationsForLoggedinUserQuery } from '../../../lib/gql/graphql';
import { useGqlQuery } from '../../../lib/swr-helpers';

const GET_NOTIFICATIONS_FOR_LOGGEDIN_USER = graphql(`
  query getNotificationsForLoggedinUser {
    getNotificationsForLoggedinUser {
      id
      title
      description
      event
      params
      url
      readed
      createdDate
      type
    }
  }
`);

/** A notification as getNotificationsForLoggedinUser selects it. */
export type AppNotification = GetNotificationsForLoggedinUserQuery['getNotificationsForLoggedinUser'][number];

/** Unread notifications, newest first. A failure is logged, never shown. */
export function useGetNotificationsForLoggedinUser(enabled: boolean) {
  return useGqlQuery(
    GET_NOTIFICATIONS_FOR_LOGGEDIN_USER,
    {},
    {
      enabled,
      refreshInterval: 60_000,
      onError: (error) => console.error('getNotificationsForLoggedinUser failed', error),
    },
  );
}
