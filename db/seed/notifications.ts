// Notifications of the demo accounts, read and unread, of every type.
import { notifications } from '../schema';
import { sid, type SeedClock, type SeedInsert } from './context';

export async function seedNotifications(
  insert: SeedInsert,
  { ago }: SeedClock,
  { d1, d2, d4, failed }: { d1: string; d2: string; d4: string; failed: string },
): Promise<void> {
  const note = (
    n: number,
    userN: number,
    type: 'UPLOAD_FINISHED' | 'UPLOAD_ERROR' | 'UPDATE_FINISHED' | 'UPDATE_ERROR' | 'GENERIC',
    title: string,
    description: string,
    url: string | null,
    read: boolean,
    daysAgo: number,
  ) => ({
    id: sid('4', n),
    userId: sid('b', userN),
    companyId: userN === 1 ? null : sid('c', 1),
    type,
    title,
    description,
    url,
    readAt: read ? ago(daysAgo - 0.5) : null,
    createdAt: ago(daysAgo),
  });
  await insert(notifications, [
    note(
      1,
      2,
      'UPLOAD_FINISHED',
      'Upload abgeschlossen',
      'Ad Concept Test wurde verarbeitet.',
      `/datafile-result?datafileId=${d4}`,
      false,
      0.1,
    ),
    note(
      2,
      2,
      'UPDATE_ERROR',
      'Aktualisierung fehlgeschlagen',
      'Brand Tracker Q3 2026 konnte nicht aktualisiert werden.',
      `/datafile-result?datafileId=${d1}`,
      false,
      2,
    ),
    note(
      3,
      2,
      'UPLOAD_FINISHED',
      'Upload abgeschlossen',
      'Brand Tracker Q3 2026 wurde verarbeitet.',
      `/datafile-result?datafileId=${d1}`,
      true,
      40,
    ),
    note(
      4,
      3,
      'UPLOAD_ERROR',
      'Upload failed',
      '“Employee Pulse Q1 2026”: the file could not be read. Upload it again from step 1.',
      `/upload-dataset/step1?datafileId=${failed}`,
      false,
      1,
    ),
    note(
      5,
      3,
      'UPDATE_FINISHED',
      'Update finished',
      'Customer Satisfaction Panel was updated.',
      `/datafile-result?datafileId=${d2}`,
      true,
      12,
    ),
    note(
      6,
      1,
      'GENERIC',
      'Neue Registrierung',
      'Lakeside Studies Ltd wartet auf Aktivierung.',
      '/admin-panel',
      false,
      3,
    ),
    note(7, 1, 'GENERIC', 'Neue Registrierung', 'Blue Fox Research wartet auf Aktivierung.', '/admin-panel', true, 5),
  ]);
}
