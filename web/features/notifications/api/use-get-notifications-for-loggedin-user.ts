import { useGqlQuery } from '../../../lib/swr-helpers';

const GET_NOTIFICATIONS_FOR_LOGGEDIN_USER = /* GraphQL */ `
  query getNotificationsForLoggedinUser {
    getNotificationsForLoggedinUser {
      id
      title
      description
      url
      readed
      createdDate
      type
    }
  }
`;

export type NotificationType = 'UPLOAD_FINISHED' | 'UPLOAD_ERROR' | 'UPDATE_FINISHED' | 'UPDATE_ERROR' | 'GENERIC';
export type AppNotification = {
  id: string;
  title: string;
  description: string;
  url: string | null;
  readed: boolean;
  createdDate: string;
  type: NotificationType;
};

export const NOTIFICATIONS_OPERATION = 'getNotificationsForLoggedinUser';

/** Unread notifications, newest first. A failure is logged, never shown (spec section 7). */
export function useGetNotificationsForLoggedinUser(enabled: boolean) {
  return useGqlQuery<{ getNotificationsForLoggedinUser: AppNotification[] }>(GET_NOTIFICATIONS_FOR_LOGGEDIN_USER, NOTIFICATIONS_OPERATION, {}, {
    enabled,
    refreshInterval: 60_000,
    onError: (error) => console.error('getNotificationsForLoggedinUser failed', error),
  });
}
