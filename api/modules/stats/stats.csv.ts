import { translate, type Locale } from '../../lib/i18n';
import { neutraliseText } from '../../ingest';
import type { StatsRowRecord } from './stats.repo';

/** Which page's table a CSV download repeats. */
export type StatsView = 'DATA_FILES' | 'DATA_RECORDS';

type Column = { key: string; value: (row: StatsRowRecord) => string | number };

// The columns each page's table shows, in its order (the header texts are the table's: stats.columns.*).
const COLUMNS: Record<StatsView, Column[]> = {
  DATA_FILES: [
    { key: 'month', value: (r) => r.month },
    { key: 'organization', value: (r) => r.companyName },
    { key: 'organizationId', value: (r) => r.companyId },
    { key: 'datafiles', value: (r) => r.numberOfDatafiles },
    { key: 'live', value: (r) => r.numberOfLiveDatafiles },
    { key: 'manual', value: (r) => r.numberOfDatafiles - r.numberOfLiveDatafiles },
    { key: 'creditsUsed', value: (r) => r.creditsUsed },
    { key: 'creditsRefunded', value: (r) => r.creditsRefunded },
  ],
  DATA_RECORDS: [
    { key: 'month', value: (r) => r.month },
    { key: 'organization', value: (r) => r.companyName },
    { key: 'organizationId', value: (r) => r.companyId },
    { key: 'dataRecords', value: (r) => r.numberOfDataRecords },
    { key: 'live', value: (r) => r.numberOfLiveDataRecords },
    { key: 'manual', value: (r) => r.numberOfDataRecords - r.numberOfLiveDataRecords },
    { key: 'datafiles', value: (r) => r.numberOfDatafiles },
    { key: 'creditsUsed', value: (r) => r.creditsUsed },
    { key: 'creditsRefunded', value: (r) => r.creditsRefunded },
  ],
};

/**
 * One CSV cell. Text a spreadsheet would run as a formula (an organisation named `=HYPERLINK(...)`)
 * gets a leading apostrophe (uploads/export/neutralise.ts, OWASP "CSV injection"); a cell with the
 * separator, a quote or a line break is quoted. Numbers are written plain, without grouping.
 */
export function csvCell(value: string | number, separator: string): string {
  if (typeof value === 'number') return String(value);
  const text = neutraliseText(value);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV in the caller's language: German spreadsheet programs split on ';', English ones
 * on ','. A byte order mark lets Excel read umlauts as UTF-8; lines end with CRLF (RFC 4180).
 */
export function statsCsv(view: StatsView, rows: readonly StatsRowRecord[], locale: Locale): string {
  const separator = locale === 'de' ? ';' : ',';
  const columns = COLUMNS[view];
  const lines = [columns.map((c) => csvCell(translate(locale, `stats.columns.${c.key}`), separator)).join(separator)];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row), separator)).join(separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
