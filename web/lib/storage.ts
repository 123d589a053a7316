/**
 * Every key this app keeps in local storage, in one place.
 *
 * Working settings (view preferences such as a collapsed menu or a remembered table page) all carry
 * the `ws:` prefix so logout and the server-side "clear local storage" switch can remove them
 * without touching the locale or the bookkeeping keys below.
 */
export const WORKING_SETTINGS_PREFIX = 'ws:';

export const storageKeys = {
  locale: 'locale',
  waitingForLogout: 'waitingForLogout',
  /** updatedAt of the last server-side clear request this browser has honoured. */
  clearedForUpdatedAt: 'clearLocalStorageUpdatedAt',
  sideMenuCollapsed: `${WORKING_SETTINGS_PREFIX}sideMenuCollapsed`,
  adminPanelPage: `${WORKING_SETTINGS_PREFIX}adminPanelPage`,
  datafilesFilter: `${WORKING_SETTINGS_PREFIX}datafilesFilter`,
  /** The quota columns the worksheet last loaded, with their datafile: the next full load asks for them at once. */
  worksheetQuotaColumns: `${WORKING_SETTINGS_PREFIX}worksheetQuotaColumns`,
  /** The result page's last score-table request, with its datafile: the next full load sends it at boot. */
  /**
   * Consent to the contract-expiry alert, one key per contract (Noted records
   * consent). Not a working setting: logout must not bring the alert back for the same contract.
   */
  contractExpiryNoted: (contractId: string) => `contractExpiryNoted:${contractId}`,
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working without it.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}

/** Removes every working setting (all `ws:` keys), keeping locale and bookkeeping keys. */
export function clearWorkingSettings(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(WORKING_SETTINGS_PREFIX)) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}
