// The notifications module's front door: what other modules may use of it (layering/imports holds them to it).

export { alertRaised, insertNotification } from './notifications.repo';
export { insertEventNotification, notificationFormat } from './notification-texts';
