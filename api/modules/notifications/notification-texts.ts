// A notification event's texts in one language, with numbers and dates as that language writes
// them: when written (the stored text, for readers without events) and when read (the reader's).
import type { notifications } from '../../../db/schema';
import {
  renderNotification,
  type NotificationEvent,
  type NotificationFormat,
  type NotificationParams,
} from '../../../db/domain/notification-events';
import { intlLocaleOf } from '../../../db/domain/plurals';
import type { DbOrTx } from '../../../db/client';
import { translate, type Locale } from '../../lib/i18n';
import { insertNotification } from './notifications.repo';

const formats = new Map<Locale, NotificationFormat>();

/** How `locale` writes a notification's values (the web's number and medium date forms). */
export function notificationFormat(locale: Locale): NotificationFormat {
  let f = formats.get(locale);
  if (!f) {
    const numbers = new Intl.NumberFormat(intlLocaleOf(locale), { maximumFractionDigits: 2 });
    const dates = new Intl.DateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    f = {
      locale,
      t: (key, params) => translate(locale, key, params),
      number: (n) => numbers.format(n),
      date: (iso) => {
        const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
        return Number.isFinite(y) && m && d ? dates.format(new Date(Date.UTC(y, m - 1, d))) : iso;
      },
    };
    formats.set(locale, f);
  }
  return f;
}

/** A notification row's title and description for a reader of `locale`: its event rendered, else the stored text. */
export function textsFor(
  row: Pick<typeof notifications.$inferSelect, 'event' | 'params' | 'title' | 'description'>,
  locale: Locale,
) {
  const rendered = row.event ? renderNotification(row.event, row.params ?? {}, notificationFormat(locale)) : null;
  return rendered ?? { title: row.title, description: row.description };
}

/**
 * Stores a notification as its event, with the text in the recipient's language beside it (what a
 * reader without events shows); idempotent by `dedupeKey`.
 */
export async function insertEventNotification(
  db: DbOrTx,
  row: Omit<typeof notifications.$inferInsert, 'title' | 'description' | 'event' | 'params'> & {
    event: NotificationEvent;
    params: NotificationParams;
  },
  recipientLocale: Locale,
) {
  const { title, description } = renderNotification(row.event, row.params, notificationFormat(recipientLocale))!;
  return insertNotification(db, {
    ...row,
    title: title.slice(0, 200),
    description: description.slice(0, 1000),
  });
}
