import { renderNotification, type NotificationParams } from '../../../db/domain/notification-events';
import { formatIsoDate, formatNumber } from '../../lib/format';
import type { Locale, Translate } from '../../lib/i18n';
import type { AppNotification } from './api/use-get-notifications-for-loggedin-user';

/**
 * A notification's title and description in the UI's language now: an event is rendered here (so a
 * language switch re-renders it without a new request), a text written as text shows as stored.
 */
export function notificationTexts(
  n: Pick<AppNotification, 'event' | 'params' | 'title' | 'description'>,
  locale: Locale,
  t: Translate,
): { title: string; description: string } {
  if (n.event && n.params) {
    try {
      const params = JSON.parse(n.params) as NotificationParams;
      const rendered = renderNotification(n.event, params, {
        locale,
        t,
        number: (value) => formatNumber(value, locale),
        date: (iso) => formatIsoDate(iso, locale),
      });
      if (rendered) return rendered;
    } catch {
      // Unreadable params: the server's rendering below is the fallback.
    }
  }
  return { title: n.title, description: n.description };
}
