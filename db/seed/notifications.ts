// Notifications of the demo accounts, read and unread. Those about a datafile name one a user can
// open: a demo upload (made by the pipeline after this seed, which also notifies its owner that it
// was processed) or the failed first upload.
import type { NotificationEvent, NotificationParams } from '../domain/notification-events';
import { notifications } from '../schema';
import { DEMO_UPLOAD_IDS, sid, type SeedClock, type SeedInsert } from './context';

export async function seedNotifications(
  insert: SeedInsert,
  { ago }: SeedClock,
  { failed }: { failed: string },
): Promise<void> {
  const { travel } = DEMO_UPLOAD_IDS;
  const note = (
    n: number,
    userN: number,
    type: 'UPLOAD_FINISHED' | 'UPLOAD_ERROR' | 'UPDATE_FINISHED' | 'UPDATE_ERROR' | 'GENERIC',
    event: NotificationEvent,
    params: NotificationParams,
    /** The text in the recipient's language, as the app stores it beside the event. */
    [title, description]: [string, string],
    url: string | null,
    read: boolean,
    daysAgo: number,
  ) => ({
    id: sid('4', n),
    userId: sid('b', userN),
    companyId: userN === 1 ? null : sid('c', 1),
    type,
    event,
    params,
    title,
    description,
    url,
    readAt: read ? ago(daysAgo - 0.5) : null,
    createdAt: ago(daysAgo),
  });
  await insert(notifications, [
    note(
      2,
      2,
      'UPDATE_ERROR',
      'updateError',
      {
        title: 'Reisestudie Sommer 2026',
        message: {
          de: 'Die Datei konnte nicht gelesen werden. Laden Sie sie erneut hoch.',
          en: 'The file could not be read. Upload it again.',
        },
      },
      [
        'Aktualisierung fehlgeschlagen',
        '„Reisestudie Sommer 2026“: Die Datei konnte nicht gelesen werden. Laden Sie sie erneut hoch.',
      ],
      `/datafile-result?datafileId=${travel}`,
      false,
      2,
    ),
    note(
      4,
      3,
      'UPLOAD_ERROR',
      'uploadError',
      {
        title: 'Employee Pulse Q1 2026',
        // The upload's refusal (UPLOAD_FILE_CORRUPT) as the upload job writes it.
        message: {
          de: 'Die Datei konnte nicht gelesen werden. Bitte speichern Sie sie in Ihrem Umfragetool oder Tabellenprogramm neu und laden Sie sie erneut hoch.',
          en: 'The file could not be read. Please save it again from your survey tool or spreadsheet program and upload it again.',
        },
      },
      [
        'Upload failed',
        '“Employee Pulse Q1 2026”: The file could not be read. Please save it again from your survey tool or spreadsheet program and upload it again.',
      ],
      `/upload-dataset/step1?datafileId=${failed}`,
      false,
      1,
    ),
    note(
      6,
      1,
      'GENERIC',
      'newRegistration',
      { company: 'Lakeside Studies Ltd' },
      ['Neue Registrierung', 'Lakeside Studies Ltd wartet auf Aktivierung.'],
      '/admin-panel',
      false,
      3,
    ),
    note(
      7,
      1,
      'GENERIC',
      'newRegistration',
      { company: 'Blue Fox Research' },
      ['Neue Registrierung', 'Blue Fox Research wartet auf Aktivierung.'],
      '/admin-panel',
      true,
      5,
    ),
  ]);
}
