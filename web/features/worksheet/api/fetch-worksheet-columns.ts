import { currentToken, onSessionEnd } from '../../../lib/session';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage';

/**
 * The revision's score columns (and quota characteristics) as Arrow IPC bytes from the results
 * module's columns route (docs/results.md), with the session token, and the revision they are of
 * (the route names it in X-Datafile-Revision). `timeoutMs` bounds a live datafile's refresh.
 */
export async function fetchWorksheetColumns(
  datafileId: string,
  file: 'scores' | 'raw',
  columns: readonly string[] = [],
  timeoutMs?: number,
): Promise<{ bytes: ArrayBuffer; revision: number }> {
  const token = currentToken();
  const query = file === 'raw' ? `&columns=${encodeURIComponent(columns.join(','))}` : '';
  const response = await fetch(`/api/datafiles/${encodeURIComponent(datafileId)}/columns?file=${file}${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
  });
  if (!response.ok) throw new Error(`worksheet columns: HTTP ${response.status}`);
  return { bytes: await response.arrayBuffer(), revision: Number(response.headers.get('x-datafile-revision')) };
}

/**
 * Column bytes this tab holds, by datafile and selection: the scores are asked for at boot, before
 * the page knows the revision (web/app/boot.ts), and a published revision never changes, so bytes
 * of the revision the page wants are used again on the next visit instead of loaded again.
 */
const held = new Map<string, Promise<{ bytes: ArrayBuffer; revision: number }>>();
/** Selections held (one datafile's scores and raw columns, and the previous one's). */
const KEEP = 4;
onSessionEnd(() => held.clear());

function hold(key: string, load: () => Promise<{ bytes: ArrayBuffer; revision: number }>) {
  const request = load();
  held.set(key, request);
  request.catch(() => {
    if (held.get(key) === request) held.delete(key);
  });
  while (held.size > KEEP) held.delete(held.keys().next().value!);
  return request;
}

const heldKey = (datafileId: string, file: 'scores' | 'raw', columns: readonly string[]) =>
  `${datafileId} ${file} ${columns.join(',')}`.trimEnd();

/** Starts loading a datafile's score columns now (boot), unless this tab holds them already. */
export function prefetchWorksheetScores(datafileId: string): void {
  const key = heldKey(datafileId, 'scores', []);
  if (!held.has(key)) hold(key, () => fetchWorksheetColumns(datafileId, 'scores'));
}

/**
 * Starts loading the quota columns the worksheet of this datafile asked for last time (boot, before
 * the settings name them), unless this tab holds them already; the page uses them only when its
 * settings name the same columns and the answer is of its revision.
 */
export function prefetchRememberedQuotaColumns(datafileId: string): void {
  const remembered = rememberedQuotaColumns(datafileId);
  if (!remembered?.length) return;
  const key = heldKey(datafileId, 'raw', remembered);
  if (!held.has(key)) hold(key, () => fetchWorksheetColumns(datafileId, 'raw', remembered));
}

function rememberedQuotaColumns(datafileId: string): string[] | null {
  try {
    const stored = JSON.parse(readStorage(storageKeys.worksheetQuotaColumns) ?? 'null') as {
      datafileId?: unknown;
      columns?: unknown;
    } | null;
    return stored?.datafileId === datafileId && Array.isArray(stored.columns)
      ? stored.columns.filter((c): c is string => typeof c === 'string')
      : null;
  } catch {
    return null;
  }
}

/** Remembers the quota columns the settings named (one datafile: the last one opened). */
export function rememberQuotaColumns(datafileId: string, columns: readonly string[]): void {
  writeStorage(storageKeys.worksheetQuotaColumns, JSON.stringify({ datafileId, columns }));
}

/**
 * The columns of `revision`: held bytes of that revision, else a new request. Each call answers its
 * own copy (the engine takes the bytes over into its worker).
 */
export async function worksheetColumns(
  datafileId: string,
  revision: number,
  file: 'scores' | 'raw',
  columns: readonly string[] = [],
  timeoutMs?: number,
): Promise<ArrayBuffer> {
  const key = heldKey(datafileId, file, columns);
  const load = () => fetchWorksheetColumns(datafileId, file, columns, timeoutMs);
  let answer = await (held.get(key) ?? hold(key, load)).catch(() => hold(key, load));
  if (answer.revision !== revision) answer = await hold(key, load);
  return answer.bytes.slice(0);
}
