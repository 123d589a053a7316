// What a person reads in an export, in the export's language: the header of each score column
// ("Time-Score (TS)", "Grid g1: label"), the texts of coded values (grid labels, open-ended
// categories, score bands, decisions) and the cleaning rules in words. The technical column names
// stay the identifiers; these texts come from the same locale files as the app's screens.
import { trafficLight } from '../../../scoring/bands';
import { RULE_KEYS, type CleaningRules } from '../../../scoring/index';
import { translate, type Locale } from '../../lib/i18n';

/** Grid titles from the revision's mapping ("Grid <id>" without one), for the headers of their score columns. */
export interface MappingTitles {
  grid(id: string): string;
}

export function mappingTitles(mappingJson: string | undefined): MappingTitles {
  const grids = new Map<string, string>();
  try {
    const mapping = JSON.parse(mappingJson ?? '{}') as { dataPoints?: { type: string; id?: string; title?: string }[] };
    for (const dp of mapping.dataPoints ?? [])
      if (dp.type === 'ITEM_BATTERY' && dp.id && dp.title) grids.set(dp.id, dp.title);
  } catch {
    // A mapping that does not parse leaves the ids as the titles.
  }
  return { grid: (id) => grids.get(id) ?? `Grid ${id}` };
}

const MAIN_SCORES = new Set<string>(RULE_KEYS);

/** The main scores (0..100): each gets rounding, a band in SPSS, and its name from the results screens. */
export function isMainScore(name: string): boolean {
  return MAIN_SCORES.has(name) || /^grid\..+\.score$/.test(name);
}

/** Readable header of a score column, or null for a column this module does not name. */
export function scoreHeader(name: string, locale: Locale, titles: MappingTitles): string | null {
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params);
  const kind = (k: string) => t(`results.kinds.${k}`);
  if (MAIN_SCORES.has(name)) return kind(name);
  let m = /^(ts|ibs|con|oes|bas|coh)\.data_points$/.exec(name);
  if (m) return t('exports.columns.dataPoints', { score: kind(m[1]!) });
  m = /^grid\.(.+)\.(score|label)$/.exec(name);
  if (m)
    return t(m[2] === 'score' ? 'exports.columns.gridScore' : 'exports.columns.gridLabel', {
      grid: titles.grid(m[1]!),
    });
  m = /^bas\.(.+)\.category$/.exec(name);
  if (m) return t('exports.columns.basCategory', { column: m[1] });
  m = /^oes\.(.+)\.(category|duplicate_of|source|effort|ai_reasons)$/.exec(name);
  if (m) {
    const key = {
      category: 'oesCategory',
      duplicate_of: 'oesDuplicateOf',
      source: 'oesSource',
      effort: 'oesEffort',
      ai_reasons: 'oesAiReasons',
    }[m[2]!]!;
    return t(`exports.columns.${key}`, { column: m[1] });
  }
  const fixed: Record<string, string> = {
    record_id: 'recordId',
    'ts.extremely_slow': 'extremelySlow',
    'oes.bad_answers': 'badAnswers',
    'projective.data_points': 'projectiveDataPoints',
    'combined.n_subscores': 'nSubscores',
    data_points: 'allDataPoints',
    credits: 'credits',
    'coh.contradictions': 'contradictions',
  };
  return fixed[name] ? t(`exports.columns.${fixed[name]}`) : null;
}

/**
 * Texts of a score column's codes in the export's language, from the English names the scores file
 * carries ({0: 'none', 1: 'OK', ...} for grid labels, category names for open-ended answers).
 */
export function scoreValueLabels(name: string, stored: Record<string, string>, locale: Locale): Record<string, string> {
  const t = (key: string) => translate(locale, key);
  const out: Record<string, string> = {};
  for (const [code, english] of Object.entries(stored)) {
    if (/^grid\..+\.label$/.test(name))
      out[code] = code === '0' ? t('exports.values.notScored') : t(`scores.gridLabels.${english}`);
    else if (/^oes\..+\.category$/.test(name)) {
      const key = `results.categories.${code}`;
      const text = t(key);
      out[code] = text === key ? english : text;
    } else if (/^bas\..+\.category$/.test(name))
      out[code] = code === '0' ? t('exports.values.notScored') : t(`results.behaviourCategories.${code}`);
    else if (/^oes\..+\.source$/.test(name))
      out[code] = t(code === '1' ? 'exports.values.judge' : 'exports.values.offline');
    else if (/^oes\..+\.effort$/.test(name)) out[code] = t(`results.effort.${code}`);
    else out[code] = english;
  }
  return out;
}

/** Score bands of the traffic light (on the rounded score): 1 red 0-39, 2 yellow, 3 light green, 4 green. */
export function bandOf(score: number): number {
  const light = trafficLight(score);
  return light === 'grey' ? Number.NaN : { red: 1, yellow: 2, 'light green': 3, green: 4 }[light];
}

export function bandLabels(locale: Locale): Record<string, string> {
  return Object.fromEntries([1, 2, 3, 4].map((b) => [String(b), translate(locale, `exports.values.bands.${b}`)]));
}

/** The enabled rules in words, for the 'Quality Mark' sheet: "combined < 60; TS < 20; IBS < 20 (2+ data points); ...". */
export function describeThresholds(rules: CleaningRules, locale: Locale = 'en'): string {
  const t = (key: string, params?: Record<string, unknown>) => translate(locale, key, params);
  const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 });
  const parts: string[] = [];
  for (const key of RULE_KEYS) {
    const r = rules.rules[key];
    if (!r?.enabled) continue;
    const score = t(`worksheet.scoreNames.${key}`);
    parts.push(
      t('exports.rules.below', { score, threshold: number.format(r.threshold) }) +
        (r.minDataPoints > 0 ? t('exports.rules.minPoints', { n: r.minDataPoints }) : ''),
    );
  }
  if (rules.badAnswers.enabled) parts.push(`OES: ${t('exports.rules.badAnswers', { n: rules.badAnswers.min })}`);
  if (rules.minFailing && rules.minFailing > 1) parts.push(t('exports.rules.minFailing', { n: rules.minFailing }));
  if (rules.target && rules.target.n > 0)
    parts.push(
      t('exports.rules.target', { n: number.format(rules.target.n) }) +
        (rules.target.trim ? t('exports.rules.trimmed') : ''),
    );
  return parts.join('; ');
}
