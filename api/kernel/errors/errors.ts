import { GraphQLError } from 'graphql';
import type { ErrorCode } from './error-codes';
import type { RefusalReason } from './refusal-reasons';
import { translate, type Locale } from '../../lib/i18n';

/** What lands in extensions beside the code: the field, a catalogue reason, figures its message names. */
export type AppErrorDetails = { field?: string; reason?: RefusalReason } & Record<string, unknown>;

/**
 * The only error resolvers throw. `code` is a catalogue code; the message is rendered in the
 * caller's locale when the response is formatted: the reason's message (reasons.<REASON>) when
 * there is a reason, else the code's (errors.<CODE>). `details` lands in extensions.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: AppErrorDetails = {},
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

/** HTTP status for a response whose first error has this code (the body is always JSON with the code). */
export function httpStatusFor(code: string | undefined): number {
  switch (code) {
    case 'UNAUTHENTICATED':
      return 401;
    case 'TOO_MANY_ATTEMPTS':
      return 429;
    case 'BAD_REQUEST':
      return 400;
    case 'REQUEST_TIME_LIMIT':
      return 503;
    default:
      return 200;
  }
}

export type FormattedError = {
  message: string;
  path?: readonly (string | number)[];
  extensions: { code: string } & Record<string, unknown>;
};

/**
 * Converts anything thrown during execution into a safe error: AppErrors keep their code and
 * details; everything else becomes GENERAL_ERROR without internals (and is logged).
 */
/** The text a user reads for an AppError: what to change (the reason's message), else what went wrong (the code's). */
export function messageOf(error: AppError, locale: Locale): string {
  if (error.message !== error.code) return error.message;
  if (error.details.reason) {
    // Calendar dates read as the UI shows them (DD.MM.YYYY).
    const params = Object.fromEntries(
      Object.entries(error.details).map(([k, v]) => [
        k,
        typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v.split('-').reverse().join('.') : v,
      ]),
    );
    return translate(locale, `reasons.${error.details.reason}`, params);
  }
  return translate(locale, `errors.${error.code}`);
}

export function formatError(error: GraphQLError, locale: Locale, log: (e: unknown) => void): FormattedError {
  const original = error.originalError;
  if (original instanceof AppError) {
    return {
      message: messageOf(original, locale),
      path: error.path,
      extensions: { code: original.code, ...original.details },
    };
  }
  if (!original && !error.path) {
    // Parse or validation errors of the request document: safe to show (they describe the query).
    return { message: error.message, extensions: { code: 'BAD_REQUEST' } };
  }
  log(original ?? error);
  return {
    message: translate(locale, 'errors.GENERAL_ERROR'),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code: 'GENERAL_ERROR' },
  };
}
