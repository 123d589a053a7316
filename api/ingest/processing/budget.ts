// The limits and the progress of one processing run: its time and memory budget (with the garbage
// collection it asks for), the folder its files go to, and the throttled progress callback.
import { uploadError } from '../../kernel/errors/upload-errors';
import type { UploadLimits } from '../limits';
import type { ProcessPhase, ProcessUploadInput } from './process-types';

/** The folder inside the revision's prefix the files go to ('' or one `name/` of letters, digits, _ and -). */
export function folderOf(input: Pick<ProcessUploadInput, 'folder'>): string {
  const folder = input.folder ?? '';
  if (folder !== '' && !/^[A-Za-z0-9_-]+\/$/.test(folder))
    throw new Error(`uploads: folder must be one name ending in /, got ${JSON.stringify(folder)}`);
  return folder;
}

/**
 * Above this resident size the engine asks for a full garbage collection (at most every
 * GC_INTERVAL_MS), and again only once the size has grown GC_HEADROOM past what the last one left
 * (an xlsx's unpacked sheet is legitimately large: no collection every half second for it). What
 * processing keeps alive is small and flat (one chunk of rows, the Arrow writers' bytes in flight,
 * the scoring state), but it makes garbage at the speed of the parse (row arrays, cell strings,
 * chunk copies), and the collector, left alone, let the heap grow with the file before it ran:
 * 725 MB peak for a 1M-row CSV instead of ~430 MB.
 */
const GC_ABOVE_RSS = 320 * 1024 * 1024;
const GC_HEADROOM = 128 * 1024 * 1024;
const GC_INTERVAL_MS = 500;

export class Budget {
  readonly #start = performance.now();
  #lastGc = 0;
  #gcAbove = GC_ABOVE_RSS;
  constructor(readonly limits: UploadLimits) {}
  check(): void {
    const now = performance.now();
    const elapsed = now - this.#start;
    if (elapsed > this.limits.maxMillis)
      throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
        reason: 'PROCESSING_TIME',
        limit: this.limits.maxMillis,
        value: Math.round(elapsed),
      });
    let rss = process.memoryUsage.rss();
    if (rss > this.#gcAbove && now - this.#lastGc > GC_INTERVAL_MS) {
      // Bun's collector (the engine runs under Bun; a test importing it under Node has no `Bun`).
      (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc(true);
      this.#lastGc = performance.now();
      rss = process.memoryUsage.rss();
      this.#gcAbove = Math.max(GC_ABOVE_RSS, rss + GC_HEADROOM);
    }
    if (rss > this.limits.maxRssBytes)
      throw uploadError('UPLOAD_FILE_LIMITS_EXCEEDED', {
        reason: 'PROCESSING_MEMORY',
        limit: this.limits.maxRssBytes,
        value: rss,
      });
  }
}

export function progressReporter(on: ProcessUploadInput['onProgress']) {
  let last = -1;
  let lastPhase: ProcessPhase | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (percent: number, phase: ProcessPhase) => {
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    const now = performance.now();
    if (on && (p !== last || phase !== lastPhase) && (now - lastAt > 200 || phase !== 'parse')) {
      last = p;
      lastPhase = phase;
      lastAt = now;
      on(p, phase);
    }
  };
}
