import { useEffect } from 'react';
import { clearWorkingSettings, readStorage, storageKeys, writeStorage } from '../../lib/storage';
import { useGetClearLocalStorage } from './api/use-get-clear-local-storage';

/**
 * Honours the server-side switch once per setting: when it is on and this browser has not cleared
 * for its updatedAt yet, the stored working settings are removed and updatedAt remembered.
 */
export function useClearLocalStorageSync(enabled: boolean): void {
  const { data } = useGetClearLocalStorage(enabled);
  const setting = data?.getClearLocalStorage;
  useEffect(() => {
    if (!setting?.value) return;
    const marker = setting.updatedAt ?? 'always';
    if (readStorage(storageKeys.clearedForUpdatedAt) === marker) return;
    clearWorkingSettings();
    writeStorage(storageKeys.clearedForUpdatedAt, marker);
  }, [setting?.value, setting?.updatedAt]);
}
