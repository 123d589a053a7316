// A notification is stored as an event (what happened, with its values) and rendered when it is
// read, in the reader's language: a user who switches to English reads last week's notices in
// English too. Rows from before events keep their stored text (their event is null).

/** A value a notification's text names: numbers raw, calendar dates as YYYY-MM-DD, a text the server wrote in each language. */
export type NotificationParam = string | number | { date: string } | { de: string; en: string };
export type NotificationParams = Record<string, NotificationParam>;

type EventTexts = {
  title: string;
  description: string;
  /** A numeric param that picks the description's plural form (`<key>_one` / `<key>_other`, as `count`). */
  count?: string;
};

/** Every event: the locale keys of its title and description. */
export const NOTIFICATION_EVENTS = {
  uploadFinished: {
    title: 'uploads.notifications.uploadFinishedTitle',
    description: 'uploads.notifications.uploadFinished',
    count: 'records',
  },
  updateFinished: {
    title: 'uploads.notifications.updateFinishedTitle',
    description: 'uploads.notifications.updateFinished',
    count: 'records',
  },
  uploadError: {
    title: 'uploads.notifications.uploadErrorTitle',
    description: 'uploads.notifications.errorDescription',
  },
  updateError: {
    title: 'uploads.notifications.updateErrorTitle',
    description: 'uploads.notifications.errorDescription',
  },
  datafileShared: { title: 'datafiles.notifications.sharedTitle', description: 'datafiles.notifications.shared' },
  backupPlanActivated: { title: 'mail.backupPlanActivated.subject', description: 'mail.backupPlanActivated.notice' },
  lowBalance: { title: 'mail.lowBalance.subject', description: 'mail.lowBalance.notice' },
  contractExpiring: { title: 'mail.contractExpiring.subject', description: 'mail.contractExpiring.notice' },
  liveCeilingNearing: { title: 'mail.liveCeilingNearing.subject', description: 'mail.liveCeilingNearing.notice' },
  liveCeilingReached: { title: 'mail.liveCeilingReached.subject', description: 'mail.liveCeilingReached.notice' },
  newRegistration: {
    title: 'notifications.events.newRegistrationTitle',
    description: 'notifications.events.newRegistration',
  },
} as const satisfies Record<string, EventTexts>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;

export const isNotificationEvent = (value: unknown): value is NotificationEvent =>
  typeof value === 'string' && Object.hasOwn(NOTIFICATION_EVENTS, value);

/** How the reader's language writes what a text names. */
export type NotificationFormat = {
  locale: 'de' | 'en';
  t: (key: string, params?: Record<string, string | number>) => string;
  number: (n: number) => string;
  /** A calendar date (YYYY-MM-DD). */
  date: (isoDate: string) => string;
};

/** The event's title and description in the reader's language, or null for an event this version does not know. */
export function renderNotification(
  event: string,
  params: NotificationParams,
  f: NotificationFormat,
): { title: string; description: string } | null {
  if (!isNotificationEvent(event)) return null;
  const texts: EventTexts = NOTIFICATION_EVENTS[event];
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') values[name] = f.number(value);
    else if (typeof value === 'string') values[name] = value;
    else if ('date' in value) values[name] = f.date(value.date);
    else values[name] = value[f.locale];
  }
  const counted = texts.count ? params[texts.count] : undefined;
  // The translator picks the plural form from a numeric count and writes it in the reader's digits.
  const descriptionParams = typeof counted === 'number' ? { ...values, count: counted } : values;
  return { title: f.t(texts.title, values), description: f.t(texts.description, descriptionParams) };
}
