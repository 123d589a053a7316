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
