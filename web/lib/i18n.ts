import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import rosetta from 'rosetta';
import { intlLocaleOf, pluralKey as sharedPluralKey } from '../../db/domain/plurals';
import type { Refusal, RefusalParams } from './graphql-client';
import {
  DEFAULT_LOCALE,
  type Locale,
  loadedMessages,
  loadMessages,
  type Messages,
  onMessagesLoaded,
  startLocale,
} from './messages';
import { appStore } from './session';
import { storageKeys, writeStorage } from './storage';

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, loadMessages, readStoredLocale } from './messages';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslateParams) => string;

// The languages' messages are loaded on demand (web/lib/messages.ts): the app renders once the one it
// starts in is loaded (web/app/render-app.tsx), and a switch to the other shows it once it has arrived.
const i18n = rosetta<Messages>();
i18n.locale(DEFAULT_LOCALE);
onMessagesLoaded((locale, messages) => i18n.set(locale, messages));

const initialLocale: Locale = startLocale();
document.documentElement.lang = initialLocale;

export const localeAtom = atom<Locale>(initialLocale);

let requestedLocale: Locale = initialLocale;

/**
 * Changes the UI language and, once it shows, keeps it in local storage under `locale`. It shows as soon as
 * its messages are loaded (at once when they are); of several quick switches the last one wins. The
 * promise settles when it shows, or rejects when its messages did not load (the page stays as it was).
 */
export function changeLocale(locale: Locale): Promise<void> {
  requestedLocale = locale;
  const show = () => {
    if (requestedLocale !== locale) return;
    // Kept only once it shows: a language whose messages did not load must not be the next start's language.
    writeStorage(storageKeys.locale, locale);
    appStore.set(localeAtom, locale);
    document.documentElement.lang = locale;
  };
  if (loadedMessages(locale)) {
    show();
    return Promise.resolve();
  }
  return loadMessages(locale).then(show);
}

/** changeLocale() for callers that do not wait for it; a language that did not load is logged. */
export function setLocale(locale: Locale): void {
  changeLocale(locale).catch((error: unknown) => console.error('the language did not load', error));
}

/** The Intl locale each UI language formats numbers, dates and plurals with. */
export function intlLocale(locale: Locale): string {
  return intlLocaleOf(locale);
}

/** A key's plural form for a numeric `count` (db/domain/plurals.ts: `<key>_one`, `<key>_other`). */
function pluralKey(locale: Locale, key: string, params?: TranslateParams): [string, TranslateParams | undefined] {
  return sharedPluralKey(locale, key, params, (k) => Boolean(i18n.t(k, undefined, locale)));
}

/**
 * Translates a key; a missing key falls back to German, then to the key itself so gaps are visible.
 * A key with plural forms picks its form from a numeric `count` (see `pluralKey`).
 */
export function translate(locale: Locale, key: string, params?: TranslateParams): string {
  const [localKey, localParams] = pluralKey(locale, key, params);
  let text = i18n.t(localKey, localParams, locale);
  if (typeof text !== 'string' || text === '') {
    const [fallbackKey, fallbackParams] = pluralKey(DEFAULT_LOCALE, key, params);
    text = i18n.t(fallbackKey, fallbackParams, DEFAULT_LOCALE);
  }
  return typeof text === 'string' && text !== '' ? text : key;
}

/**
 * The one shared lookup that turns a refusal into a user message: the reason's
 * message (`reasons.<REASON>`) when the server names a reason and the locale has a message for it,
 * else the code's (`errors.<CODE>`), else the general error. The refusal's extension values (field,
 * after, min, ...) fill the message's placeholders.
 */
export function translateRefusal(locale: Locale, refusal: Refusal | null | undefined): string {
  const params = refusal ? displayParams(refusal.params) : undefined;
  for (const key of [
    refusal?.reason ? `reasons.${refusal.reason}` : null,
    refusal?.code ? `errors.${refusal.code}` : null,
  ]) {
    if (!key) continue;
    const text = i18n.t(key, params, locale);
    if (typeof text === 'string' && text !== '') return text;
  }
  return translate(locale, 'errors.GENERAL_ERROR');
}

/** Calendar dates travel as YYYY-MM-DD; messages show them as the pickers do (DD.MM.YYYY). */
function displayParams(params: RefusalParams): TranslateParams {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      const date = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      return [key, date ? `${date[3]}.${date[2]}.${date[1]}` : value];
    }),
  );
}

export function useLocale(): Locale {
  return useAtomValue(localeAtom);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback((key: string, params?: TranslateParams) => translate(locale, key, params), [locale]);
}

/** The shared lookup bound to the UI language: `(refusal) => message`. */
export function useTranslateRefusal(): (refusal: Refusal | null | undefined) => string {
  const locale = useLocale();
  return useCallback((refusal: Refusal | null | undefined) => translateRefusal(locale, refusal), [locale]);
}
