import type { AppNotification } from './api/use-get-notifications-for-loggedin-user';

/** The datafile id carried by a notification url, e.g. "/datafile-result?datafileId=42". */
export function datafileIdFromUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, 'http://app.invalid');
    const fromQuery = parsed.searchParams.get('datafileId');
    if (fromQuery) return fromQuery;
    const last = parsed.pathname.split('/').filter(Boolean).pop();
    return last ?? null;
  } catch {
    return null;
  }
}

/** Where opening a notification leads; null stays on the current page. */
export function notificationTarget(notification: Pick<AppNotification, 'type' | 'url'>): string | null {
  switch (notification.type) {
    case 'UPLOAD_ERROR': {
      // Step 1 of the failed upload's draft, when the notification names it, so the user sees why and fixes it.
      const id =
        notification.url && notification.url.startsWith('/upload-dataset/step1')
          ? datafileIdFromUrl(notification.url)
          : null;
      return id && id !== 'step1'
        ? `/upload-dataset/step1?datafileId=${encodeURIComponent(id)}`
        : '/upload-dataset/step1';
    }
    case 'UPDATE_ERROR':
    case 'UPLOAD_FINISHED':
    case 'UPDATE_FINISHED': {
      const id = datafileIdFromUrl(notification.url);
      return id ? `/datafile-result?datafileId=${encodeURIComponent(id)}` : null;
    }
    default:
      return null;
  }
}
