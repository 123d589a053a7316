import type { NotificationRow } from './notifications.repo';

export const presentNotification = (n: NotificationRow) => ({
  id: n.id,
  title: n.title,
  description: n.description,
  url: n.url,
  readed: n.readAt !== null,
  createdDate: n.createdAt,
  type: n.type,
});

/** What the GraphQL type Notification resolves from (codegen maps the type to it). */
export type PresentedNotification = ReturnType<typeof presentNotification>;
