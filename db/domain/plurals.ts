// One plural rule for every translator (the web's `t`, the server's `translate`): a key with plural
// forms is written as `<key>_one`, `<key>_other` (the Intl.PluralRules categories the language uses)
// and called by its bare name with a numeric `count`: the rules pick the form, and `{{count}}` is
// filled with the number in the reader's locale. So '1 Interview' / '2 Interviews', never
// '1 Interviews' or 'Interview(s)'.

export type PluralLocale = 'de' | 'en';

/** The Intl locale each UI language formats numbers, dates and plurals with. */
export const intlLocaleOf = (locale: PluralLocale): string => (locale === 'de' ? 'de-DE' : 'en-GB');

const pluralRules = new Map<PluralLocale, Intl.PluralRules>();
const countFormats = new Map<PluralLocale, Intl.NumberFormat>();

/**
 * The key and params to look up: `<key>_<form>` (else `<key>_other`) with `count` written in the
 * locale's digits when the key has plural forms (`has` says whether a key exists) and `count` is a
 * number; else the key and params as given.
 */
export function pluralKey(
  locale: PluralLocale,
  key: string,
  params: Record<string, string | number> | undefined,
  has: (key: string) => boolean,
): [string, Record<string, string | number> | undefined] {
  const count = params?.count;
  if (typeof count !== 'number' || !has(`${key}_other`)) return [key, params];
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(intlLocaleOf(locale))));
  let numbers = countFormats.get(locale);
  if (!numbers)
    countFormats.set(locale, (numbers = new Intl.NumberFormat(intlLocaleOf(locale), { maximumFractionDigits: 2 })));
  const form = `${key}_${rules.select(count)}`;
  return [has(form) ? form : `${key}_other`, { ...params, count: numbers.format(count) }];
}
