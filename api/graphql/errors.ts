import { GraphQLError } from 'graphql';
import type { ErrorCode } from './error-codes';
import { translate, type Locale } from '../lib/i18n';

/**
 * The only error resolvers throw. `code` is a catalogue code; the message is rendered in the
 * caller's locale when the response is formatted. `details` lands in extensions (e.g. the field).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: Record<string, unknown> = {},
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
export function formatError(error: GraphQLError, locale: Locale, log: (e: unknown) => void): FormattedError {
  const original = error.originalError;
  if (original instanceof AppError) {
    return {
      message: original.message !== original.code ? original.message : translate(locale, `errors.${original.code}`),
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
