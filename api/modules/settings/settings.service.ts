import type { Deps } from '../../kernel/deps';
import { AppError } from '../../kernel/errors/errors';
import { readSetting, writeSetting } from './settings.repo';

/** Mail-delivery switches that setSendNotification may change. */
export const SEND_NOTIFICATION_TYPES = [
  'UPLOAD_FINISHED',
  'UPLOAD_ERROR',
  'UPDATE_FINISHED',
  'UPDATE_ERROR',
  'BACKUP_PLAN_ACTIVATED',
  'LOW_BALANCE',
  'CONTRACT_EXPIRING',
] as const;

/** Whether browsers should clear their local storage (operators raise it after a release that changes it). */
export async function clearLocalStorageFlag(deps: Pick<Deps, 'db'>) {
  const s = await readSetting<boolean>(deps.db, 'clearLocalStorage');
  return { value: s?.value === true, updatedAt: s?.updatedAt ?? null };
}

export const setClearLocalStorage = (deps: Deps, value: boolean) =>
  writeSetting(deps.db, 'clearLocalStorage', value, deps.clock.now());

export async function setSendNotification(deps: Pick<Deps, 'clock' | 'db'>, type: string, value: boolean) {
  if (!(SEND_NOTIFICATION_TYPES as readonly string[]).includes(type))
    throw new AppError('INVALID_PARAMETERS', { field: 'type', reason: 'NOT_IN_LIST' });
  await writeSetting(deps.db, `sendNotification.${type}`, value, deps.clock.now());
}
