import { amountMax, isWholeWithin } from '../../db/domain/amounts';
import { AppError } from '../kernel/errors/errors';
import type { RefusalReason } from '../kernel/errors/refusal-reasons';

/** Names are at most 100 characters. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops abuse of the hash function. */
export const MAX_PASSWORD_LENGTH = 256;

// Letters of any script, combining marks, digits, spaces and the punctuation real names use.
// Markup (< >), statement separators (;), quotes other than the apostrophe, '=', backslashes and
// SQL comment markers are refused, so HTML or SQL pasted into a name is answered, not stored.
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} .,'&()/+_-]+$/u;
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** A required display name (person or organisation): trimmed, 1..100 characters, no markup or SQL. */
export function requireName(field: string, value: string | null | undefined, max = NAME_MAX): string {
  const trimmed = (value ?? '').trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw new AppError('INCOMPLETE_INPUT', { field }, undefined);
  if (trimmed.length > max) throw new AppError('INVALID_PARAMETERS', { field, reason: 'TOO_LONG', max });
  if (!NAME_PATTERN.test(trimmed) || trimmed.includes('--') || trimmed.includes('/*')) {
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_CHARACTERS' });
  }
  return trimmed;
}

/** An optional free-text name field: empty becomes null, otherwise the same rules as requireName. */
export function optionalName(field: string, value: string | null | undefined, max = NAME_MAX): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  return requireName(field, value, max);
}

/** A title (of a datafile, an upload) has at most 100 characters. */
export const TITLE_MAX = 100;

// C0 controls (NUL, escapes; tabs and line breaks were made spaces first), DEL, C1 controls, the
// bidirectional overrides that reorder what a reader sees, lone surrogates, and markup.
const TITLE_REFUSED = /[\p{Cc}\u202a-\u202e\u2066-\u2069<>]|\p{Cs}/u;

/**
 * A title someone gives a thing (a datafile, a live datafile, a notification): trimmed, runs of white
 * space one space, 1..max characters, none of TITLE_REFUSED. Any other text is welcome (#, :, ?,
 * quotes, every script), unlike names. One rule for every mutation that sets a title, so a rename
 * cannot store what the upload step refuses. `reasons` keeps a step's own refusal reasons for an
 * empty or too long title.
 */
export function requireTitle(
  field: string,
  value: unknown,
  options: { max?: number; emptyReason?: RefusalReason; tooLongReason?: RefusalReason } = {},
): string {
  const max = options.max ?? TITLE_MAX;
  const title = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
  if (title === '')
    throw new AppError('INCOMPLETE_INPUT', { field, ...(options.emptyReason ? { reason: options.emptyReason } : {}) });
  if ([...title].length > max)
    throw new AppError('INVALID_PARAMETERS', { field, reason: options.tooLongReason ?? 'TOO_LONG', max });
  if (TITLE_REFUSED.test(title)) throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_CHARACTERS' });
  return title;
}

/** A required email address, lower-cased. */
export function requireEmail(field: string, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim().toLowerCase();
  if (trimmed === '') throw new AppError('INCOMPLETE_INPUT', { field });
  if (trimmed.length > EMAIL_MAX || !EMAIL_PATTERN.test(trimmed)) {
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_EMAIL' });
  }
  return trimmed;
}

/** A new password (already decrypted): at least 8 characters, no composition rules. */
export function requireNewPassword(field: string, value: string): string {
  if ([...value].length < MIN_PASSWORD_LENGTH)
    throw new AppError('PASSWORD_TOO_SHORT', { field, min: MIN_PASSWORD_LENGTH });
  if (value.length > MAX_PASSWORD_LENGTH)
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'TOO_LONG', max: MAX_PASSWORD_LENGTH });
  return value;
}

/** An opaque token from a mail link or header: bounded length, URL-safe characters. */
export function requireToken(field: string, value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') throw new AppError('INCOMPLETE_INPUT', { field });
  if (v.length > 200 || !/^[A-Za-z0-9_-]+$/.test(v)) throw new AppError('TOKEN_NOT_FOUND', { field });
  return v;
}

/** An ISO-8601 instant (e.g. from new Date().toISOString()). */
export function requireInstant(field: string, value: string): Date {
  const d = new Date(value);
  if (value.length > 40 || Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'INVALID_DATE' });
  }
  return d;
}

/**
 * An amount of credits or euro cents (db/domain/amounts.ts): a whole number from `min` to the
 * unit's bound, else INVALID_PARAMETERS with OUT_OF_RANGE naming both ends. Every mutation that
 * takes an amount checks it here.
 */
export function requireAmount(field: string, value: unknown, unit: 'credits' | 'cents', min = 0): number {
  const max = amountMax(unit);
  if (!isWholeWithin(value, min, max))
    throw new AppError('INVALID_PARAMETERS', { field, reason: 'OUT_OF_RANGE', min, max });
  return value;
}
