import { currentToken, onSessionEnd } from '../../../lib/session';

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

/** Starts loading a datafile's score columns now (boot), unless this tab holds them already. */
export function prefetchWorksheetScores(datafileId: string): void {
  const key = `${datafileId} scores`;
  if (!held.has(key)) hold(key, () => fetchWorksheetColumns(datafileId, 'scores'));
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
  const key = `${datafileId} ${file} ${columns.join(',')}`.trimEnd();
  const load = () => fetchWorksheetColumns(datafileId, file, columns, timeoutMs);
  let answer = await (held.get(key) ?? hold(key, load)).catch(() => hold(key, load));
  if (answer.revision !== revision) answer = await hold(key, load);
  return answer.bytes.slice(0);
}
