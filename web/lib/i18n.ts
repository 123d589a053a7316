import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import rosetta from 'rosetta';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { appStore } from './session';
import { readStorage, storageKeys, writeStorage } from './storage';

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** German is the default locale (spec section 1). */
export const DEFAULT_LOCALE: Locale = 'de';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: string, params?: TranslateParams) => string;

const dictionaries = { de, en };
const i18n = rosetta<Record<string, unknown>>(dictionaries as Record<Locale, Record<string, unknown>>);
i18n.locale(DEFAULT_LOCALE);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale | null {
  const stored = readStorage(storageKeys.locale);
  return isLocale(stored) ? stored : null;
}

const initialLocale: Locale = readStoredLocale() ?? DEFAULT_LOCALE;
document.documentElement.lang = initialLocale;

export const localeAtom = atom<Locale>(initialLocale);

/** Changes the UI language and keeps it in local storage under `locale`. */
export function setLocale(locale: Locale): void {
  writeStorage(storageKeys.locale, locale);
  appStore.set(localeAtom, locale);
  document.documentElement.lang = locale;
}

/** Translates a key; a missing key falls back to German, then to the key itself so gaps are visible. */
export function translate(locale: Locale, key: string, params?: TranslateParams): string {
  const text = i18n.t(key, params, locale) || i18n.t(key, params, DEFAULT_LOCALE);
  return typeof text === 'string' && text !== '' ? text : key;
}

/** The shared error lookup (spec section 8): errors.<CODE>, default errors.GENERAL_ERROR. */
export function translateError(locale: Locale, code: string | null | undefined): string {
  const text = code ? i18n.t(`errors.${code}`, undefined, locale) : '';
  return typeof text === 'string' && text !== '' ? text : translate(locale, 'errors.GENERAL_ERROR');
}

export function useLocale(): Locale {
  return useAtomValue(localeAtom);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback((key: string, params?: TranslateParams) => translate(locale, key, params), [locale]);
}

export function useTranslateError(): (code: string | null | undefined) => string {
  const locale = useLocale();
  return useCallback((code: string | null | undefined) => translateError(locale, code), [locale]);
}
