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
 * GC_INTERVAL_MS), and again only once the size has grown past what the last one left by
 * GC_HEADROOM or by half of it, whichever is more: an xlsx's unpacked sheet is legitimately
 * large, and each full collection of such a heap cost 0.1-0.6 s of the parse thread (a third of
 * the time between the parse and the estimate, four of them per 100,000 x 50 xlsx). What
 * processing keeps alive is otherwise small and flat (one chunk of rows, the Arrow writers' bytes
 * in flight, the scoring state), but it makes garbage at the speed of the parse (row arrays, cell
 * strings, chunk copies), and the collector, left alone, let the heap grow with the file before it
 * ran: 725 MB peak for a 1M-row CSV instead of ~430 MB. Before refusing a run for its memory the
 * budget always collects once: only what is still alive after a collection counts against it.
 */
const GC_ABOVE_RSS = 320 * 1024 * 1024;
const GC_HEADROOM = 128 * 1024 * 1024;
const GC_INTERVAL_MS = 500;
/**
 * While a check waits for its estimate (`quiet`), the budget collects only above this: the
 * collections of the unpacked sheet (two of 0.1-0.2 s per 100,000 x 50 xlsx on a quiet machine) sat
 * between the save of step 2 and the estimate. The parse alone of that file peaks at about 700 MB
 * without them; the refusal above `maxRssBytes` still collects first.
 */
const QUIET_GC_ABOVE_RSS = 1024 * 1024 * 1024;

/** Bun's collector (the engine runs under Bun; a test importing it under Node has no `Bun`). */
const collect = () => (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc(true);

export class Budget {
  readonly #start = performance.now();
  // Never collected yet: the first check past the threshold may collect at once, however young the process.
  #lastGc = Number.NEGATIVE_INFINITY;
  #gcAbove = GC_ABOVE_RSS;
  #quiet: boolean;
  constructor(
    readonly limits: UploadLimits,
    options: { quiet?: boolean } = {},
  ) {
    this.#quiet = options.quiet ?? false;
  }

  /** The estimate is out: collect as usual from here on. */
  settle(): void {
    this.#quiet = false;
  }

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
    const over = rss > this.limits.maxRssBytes;
    const above = this.#quiet ? Math.max(this.#gcAbove, QUIET_GC_ABOVE_RSS) : this.#gcAbove;
    if (over || (rss > above && now - this.#lastGc > GC_INTERVAL_MS)) {
      collect();
      this.#lastGc = performance.now();
      rss = process.memoryUsage.rss();
      this.#gcAbove = Math.max(GC_ABOVE_RSS, rss + Math.max(GC_HEADROOM, rss / 2));
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
