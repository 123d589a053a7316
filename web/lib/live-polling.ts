// How often a live datafile's pages (worksheet, result page) refresh, and how long one refresh may
// take: over 3000 up to 7000 records every 5000 ms with 5000 ms per request; over
// 7000 every 10000 ms with 7000 ms per request. Below that no interval was prescribed: small files
// refresh every 3000 ms with 3000 ms per request (our choice: a small file is cheap to reload and
// respondents arrive one by one, so a shorter wait shows each new one sooner).

export interface LivePolling {
  intervalMs: number;
  requestTimeoutMs: number;
}

/** The polling of a datafile, or null when it does not refresh (not a live import, or stopped). */
export function livePolling(datafile: {
  importType: string;
  status?: string;
  numberOfRecords: number;
}): LivePolling | null {
  if (datafile.importType !== 'LIVE' || datafile.status === 'STOPPED') return null;
  return livePollingFor(datafile.numberOfRecords);
}

/** The interval rule alone, by number of records. */
export function livePollingFor(numberOfRecords: number): LivePolling {
  if (numberOfRecords > 7000) return { intervalMs: 10_000, requestTimeoutMs: 7000 };
  if (numberOfRecords > 3000) return { intervalMs: 5000, requestTimeoutMs: 5000 };
  return { intervalMs: 3000, requestTimeoutMs: 3000 };
}
