import type { Locale } from '../../lib/i18n';
import { textsFor } from './notification-texts';
import type { NotificationRow } from './notifications.repo';

/** A notification for a reader of `locale`: an event's texts rendered in that language, an older row's as stored. */
export const presentNotification = (n: NotificationRow, locale: Locale) => ({
  id: n.id,
  ...textsFor(n, locale),
  event: n.event,
  params: n.event ? JSON.stringify(n.params ?? {}) : null,
  url: n.url,
  readed: n.readAt !== null,
  createdDate: n.createdAt,
  type: n.type,
});

/** What the GraphQL type Notification resolves from (codegen maps the type to it). */
export type PresentedNotification = ReturnType<typeof presentNotification>;
