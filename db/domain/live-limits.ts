// The limits of a live import: rules both the server (authoritative) and the web forms (as you
// type) apply. The browser key is in every respondent's page, so anyone can send with it: the
// ceilings bound what that can cost, the per-source limits and allowed origins tell a survey's
// respondents from a script's.

/** Respondents ceiling when the survey names no expected sample. */
export const DEFAULT_MAX_RESPONDENTS = 1000;
/** The respondents ceiling's default over the expected sample: room for quota overshoot and screen-outs. */
export const CEILING_OVER_EXPECTED = 1.5;
/** Browser key: respondents per client address and clock hour by default (0 = no limit). */
export const DEFAULT_PER_ADDRESS_PER_HOUR = 100;
/** Browser key: respondents per device id by default (0 = no limit). */
export const DEFAULT_PER_DEVICE = 3;
/** Upper bounds of the settings (a typing error, not a survey, goes past them). */
export const MAX_CEILING_RESPONDENTS = 10_000_000;
export const MAX_CEILING_CREDITS = 100_000_000;
export const MAX_PER_ADDRESS_PER_HOUR = 1_000_000;
export const MAX_PER_DEVICE = 10_000;
export const MAX_ORIGINS = 20;
/** The share of a ceiling at which the organisation's ADMINs are told (and again at 100 %). */
export const NEARING_SHARE = 0.8;

export type LiveLimits = {
  maxRespondents: number;
  maxCredits: number;
  perAddressPerHour: number;
  perDevice: number;
  allowedOrigins: string[];
};

/** Which setting broke which rule: the field, and the bounds a number must keep. */
export type LimitIssue =
  | { field: keyof LiveLimits | 'expectedRespondents'; reason: 'LIVE_LIMIT_VALUE'; min: number; max: number }
  | { field: 'allowedOrigins'; reason: 'LIVE_ORIGIN'; max: number; index?: number };

export const BOUNDS: Record<
  'expectedRespondents' | 'maxRespondents' | 'maxCredits' | 'perAddressPerHour' | 'perDevice',
  { min: number; max: number }
> = {
  expectedRespondents: { min: 1, max: MAX_CEILING_RESPONDENTS },
  maxRespondents: { min: 1, max: MAX_CEILING_RESPONDENTS },
  // The cheapest respondent costs 4 credits: a lower ceiling could never take one.
  maxCredits: { min: 4, max: MAX_CEILING_CREDITS },
  perAddressPerHour: { min: 0, max: MAX_PER_ADDRESS_PER_HOUR },
  perDevice: { min: 0, max: MAX_PER_DEVICE },
};

/**
 * The ceilings' defaults: 1.5 x the expected sample (rounded up), else 1,000 respondents; credits
 * for that many respondents at `creditsPerRespondent` (what one answering every page costs).
 */
export function defaultCeilings(
  expectedRespondents: number | null | undefined,
  creditsPerRespondent: number,
): { maxRespondents: number; maxCredits: number } {
  const maxRespondents = Math.min(
    MAX_CEILING_RESPONDENTS,
    expectedRespondents ? Math.ceil(expectedRespondents * CEILING_OVER_EXPECTED) : DEFAULT_MAX_RESPONDENTS,
  );
  return { maxRespondents, maxCredits: Math.min(MAX_CEILING_CREDITS, maxRespondents * creditsPerRespondent) };
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An origin as the settings keep it: lower case, scheme and host (and a port), no path; a host may
 * start with `*.` for any subdomain. Null when it is not one.
 */
export function normaliseOrigin(text: string): string | null {
  const m = /^(https?):\/\/(\*\.)?([^/:?#\s]+)(:\d{1,5})?\/?$/i.exec(text.trim());
  if (!m) return null;
  const host = m[3]!.toLowerCase();
  const labels = host.split('.');
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
  if (!ipv4 && !labels.every((l) => HOST_LABEL.test(l))) return null;
  if (m[2] && (ipv4 || labels.length < 2)) return null;
  if (m[4] && Number(m[4].slice(1)) > 65535) return null;
  return `${m[1]!.toLowerCase()}://${m[2] ?? ''}${host}${m[4] ?? ''}`;
}

/** True when a request's Origin header matches one of the patterns (exact, or `*.` for subdomains). */
export function originAllowed(origin: string | null | undefined, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  if (!origin) return false;
  const o = origin.trim().toLowerCase();
  for (const p of patterns) {
    if (p === o) return true;
    const star = p.indexOf('://*.');
    if (star > 0) {
      const scheme = p.slice(0, star + 3);
      const suffix = p.slice(star + 4);
      if (o.startsWith(scheme) && o.endsWith(suffix) && o.length > scheme.length + suffix.length) {
        // Only whole labels: https://evilexample.com does not match https://*.example.com.
        const sub = o.slice(scheme.length, o.length - suffix.length);
        if (/^[a-z0-9.-]+$/.test(sub) && !sub.startsWith('.')) return true;
      }
    }
  }
  return false;
}

/** Every rule of the limits; the issues found (empty when they hold) and the normalised limits. */
export function checkLimits(input: LiveLimits): { limits: LiveLimits; issues: LimitIssue[] } {
  const issues: LimitIssue[] = [];
  for (const field of ['maxRespondents', 'maxCredits', 'perAddressPerHour', 'perDevice'] as const) {
    const v = input[field];
    const { min, max } = BOUNDS[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      issues.push({ field, reason: 'LIVE_LIMIT_VALUE', min, max });
  }
  const origins: string[] = [];
  const list = Array.isArray(input.allowedOrigins) ? input.allowedOrigins : [];
  if (list.length > MAX_ORIGINS) issues.push({ field: 'allowedOrigins', reason: 'LIVE_ORIGIN', max: MAX_ORIGINS });
  list.slice(0, MAX_ORIGINS).forEach((text, index) => {
    const origin = typeof text === 'string' ? normaliseOrigin(text) : null;
    if (!origin) issues.push({ field: 'allowedOrigins', reason: 'LIVE_ORIGIN', max: MAX_ORIGINS, index });
    else if (!origins.includes(origin)) origins.push(origin);
  });
  return { limits: { ...input, allowedOrigins: origins }, issues };
}

/** The larger share of the two ceilings used so far (0..1 and beyond when a ceiling was lowered). */
export function ceilingShare(
  used: { respondents: number; credits: number },
  limits: Pick<LiveLimits, 'maxRespondents' | 'maxCredits'>,
): number {
  return Math.max(used.respondents / limits.maxRespondents, used.credits / limits.maxCredits);
}

/**
 * True when no further respondent fits: the respondents ceiling is used up, or the credits left are
 * fewer than the cheapest respondent costs (`cheapest`, the scoring's minimum per interview).
 */
export function ceilingReached(
  used: { respondents: number; credits: number },
  limits: Pick<LiveLimits, 'maxRespondents' | 'maxCredits'>,
  cheapest: number,
): boolean {
  return used.respondents >= limits.maxRespondents || used.credits + cheapest > limits.maxCredits;
}
