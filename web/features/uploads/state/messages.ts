import { GraphQLRequestError } from '../../../lib/graphql-client';
import { translate, translateRefusal, type Locale } from '../../../lib/i18n';
import { NetworkFailureError, networkFailureMessage } from '../../../lib/network-failure';
import type { LocalIssue } from './columns';

/**
 * The message of a refused upload call. Upload refusals carry the server's sentence (in the UI's
 * language, with column, rows and limits filled in: the same the notification shows), so it is
 * used as it came; a request without an answer names its cause; anything else goes through the
 * shared lookup.
 */
export function uploadErrorMessage(locale: Locale, error: unknown): string {
  if (error instanceof NetworkFailureError) return networkFailureMessage(locale, error.failure);
  if (
    error instanceof GraphQLRequestError &&
    error.status !== 0 &&
    error.code !== 'GENERAL_ERROR' &&
    error.message &&
    !/^(HTTP \d+|upload refused)$/.test(error.message)
  )
    return error.message;
  return translateRefusal(
    locale,
    error instanceof GraphQLRequestError ? { code: error.code, reason: error.reason, params: error.params } : null,
  );
}

/** A page-side issue of step 2 in words (the same catalogue texts as the server's). */
export function localIssueMessage(locale: Locale, issue: LocalIssue): string {
  const { reason, code, params } = issue.message;
  const text = reason ? translate(locale, `reasons.${reason}`, params) : translate(locale, `errors.${code}`, params);
  if (reason || !params.column) return text;
  return translate(locale, 'uploads.issueAt', {
    where: translate(locale, 'uploads.issueColumn', { column: params.column }),
    message: text,
  });
}
