// Messages of upload refusals in the user's language: the catalogue message of the code, then which
// column and which rows (the per-column detail lives in the error's details).
import { translate, type Locale } from '../../lib/i18n';
import type { ValidationIssue } from './validate/mapping';

export function describeIssue(issue: Pick<ValidationIssue, 'code' | 'column' | 'rows'>, locale: Locale): string {
  const base = translate(locale, `errors.${issue.code}`);
  const parts: string[] = [];
  if (issue.column) parts.push(translate(locale, 'uploads.issueColumn', { column: issue.column }));
  if (issue.rows?.length) parts.push(translate(locale, 'uploads.issueRows', { rows: issue.rows.join(', ') }));
  return parts.length ? `${base} (${parts.join(', ')})` : base;
}
