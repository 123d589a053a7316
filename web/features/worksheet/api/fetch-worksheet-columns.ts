import { currentToken } from '../../../lib/session';

/**
 * The revision's score columns (and quota characteristics) as Arrow IPC bytes from the results
 * module's columns route (docs/results.md), with the session token. `timeoutMs` bounds a live
 * datafile's refresh.
 */
export async function fetchWorksheetColumns(
  datafileId: string,
  file: 'scores' | 'raw',
  columns: readonly string[] = [],
  timeoutMs?: number,
): Promise<ArrayBuffer> {
  const token = currentToken();
  const query = file === 'raw' ? `&columns=${encodeURIComponent(columns.join(','))}` : '';
  const response = await fetch(`/api/datafiles/${encodeURIComponent(datafileId)}/columns?file=${file}${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
  });
  if (!response.ok) throw new Error(`worksheet columns: HTTP ${response.status}`);
  return response.arrayBuffer();
}
