import type { NotificationType } from '../../../db/schema';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { requireTitle } from '../../lib/validation';
import { findLiveUserById } from '../users';
import { insertNotification, listForUser, markRead } from './notifications.repo';

const TEXT_MAX = 1000;

export type NotificationInput = {
  userId?: string | null;
  title: string;
  description: string;
  url?: string | null;
  type?: NotificationType | null;
};

/** The viewer's notifications, newest first; `unreadOnly` for the bell. */
export const notificationsOf = (deps: Deps, viewer: Viewer, unreadOnly: boolean) =>
  listForUser(deps.db, viewer.userId, unreadOnly);

/**
 * createNotification: only operators address other users, everyone else notifies only themselves;
 * the description is required (1000 characters at most); a link stays inside the app (a path).
 */
export async function createNotification(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer, n: NotificationInput) {
  const recipientId = n.userId ?? viewer.userId;
  if (recipientId !== viewer.userId && viewer.accessLevel !== 'SUPER_ADMIN') throw new AppError('UNAUTHORIZED');
  const recipient = await findLiveUserById(deps.db, recipientId);
  if (!recipient) throw new AppError('USER_NOT_FOUND');
  const description = (n.description ?? '').trim();
  if (description === '') throw new AppError('INCOMPLETE_INPUT', { field: 'description' });
  if (description.length > TEXT_MAX)
    throw new AppError('INVALID_PARAMETERS', { field: 'description', reason: 'TOO_LONG', max: TEXT_MAX });
  const url = n.url?.trim() || null;
  // Never another origin or a script URL.
  if (url && (!url.startsWith('/') || url.startsWith('//') || url.length > 500))
    throw new AppError('INVALID_PARAMETERS', { field: 'url', reason: 'NOT_AN_APP_PATH' });
  const row = await insertNotification(deps.db, {
    userId: recipient.id,
    companyId: recipient.companyId,
    type: n.type ?? 'GENERIC',
    title: requireTitle('title', n.title, { max: 200 }),
    description,
    url,
    createdAt: deps.clock.now().toISOString(),
  });
  return row!;
}

/** Marks one of the viewer's notifications read; another user's id answers INVALID_ID like a missing one. */
export async function markNotificationRead(deps: Pick<Deps, 'clock' | 'db'>, viewer: Viewer, notificationId: string) {
  if (!(await markRead(deps.db, viewer.userId, notificationId, deps.clock.now().toISOString())))
    throw new AppError('INVALID_ID', { field: 'notificationId' });
}
