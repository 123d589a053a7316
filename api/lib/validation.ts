import { AppError } from '../kernel/errors/errors';

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
