// A parse started before its check: while step 2 is read, the check's idle Worker reads the stored
// file into row batches (the part of a check that does not depend on the data points). The check
// that follows in the same Worker takes them when they are of the same datafile and the same stored
// object (key, format, reading options, size and tag), replays them and goes on reading where the
// early parse stopped; anything else parses as before. The held batches are bounded by the held-rows
// cap (the early parse pauses there, and the check's own held rows are the same batches, not copies),
// dropped after HOLD_MS, when a newer early parse replaces them, or when the Worker ends.
import type { UploadBlobStore } from '../blob';
import { withLimits } from '../limits';
import { batchBytes, HELD_ROWS_BYTES } from '../processing/held-rows';
import type { ReadOptions, RowBatch, TableSource, UploadFormat } from '../types';
import { openUpload } from './index';

/** What an early parse is of; the check's source must be the same for it to be taken. */
export type EarlySource = {
  datafileId: string;
  key: string;
  format: UploadFormat;
  options: ReadOptions;
};

/** How long held batches wait for their check (the user reads step 2; the Worker itself ends after 10 minutes idle). */
export const HOLD_MS = 3 * 60_000;

/** The options as one string (keys sorted), so equal options compare equal whatever their order. */
const optionsKey = (options: ReadOptions) =>
  JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const sameSource = (a: EarlySource, b: EarlySource) =>
  a.datafileId === b.datafileId &&
  a.key === b.key &&
  a.format === b.format &&
  optionsKey(a.options) === optionsKey(b.options);

export class EarlyParse {
  readonly #buffer: RowBatch[] = [];
  #bytes = 0;
  #stopped = false;
  #failed = false;
  #done = false;
  #table: TableSource | undefined;
  #iterator: AsyncIterator<RowBatch> | undefined;
  #stat: { size: number; etag?: string } | undefined;
  readonly #pumping: Promise<void>;
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(
    readonly source: EarlySource,
    blobs: UploadBlobStore,
    readonly limit = HELD_ROWS_BYTES,
    holdMs = HOLD_MS,
  ) {
    this.#pumping = this.#pump(blobs).catch(() => {
      // A file the reader refuses is not held: the check reads it again and refuses it itself, the same way.
      this.#failed = true;
      this.#release();
    });
    this.#timer = setTimeout(() => this.drop(), holdMs);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  async #pump(blobs: UploadBlobStore) {
    const stat = (await blobs.stat(this.source.key)) as { size: number; etag?: string } | null;
    if (!stat || this.#failed) return;
    this.#stat = { size: stat.size, ...(stat.etag !== undefined ? { etag: stat.etag } : {}) };
    this.#table = await openUpload(blobs, this.source.key, this.source.format, this.source.options, withLimits());
    this.#iterator = this.#table.batches()[Symbol.asyncIterator]();
    while (!this.#stopped && this.#bytes < this.limit) {
      const next = await this.#iterator.next();
      if (next.done) {
        this.#done = true;
        return;
      }
      this.#buffer.push(next.value);
      this.#bytes += batchBytes(next.value);
    }
  }

  /** Dropped, failed or taken: nothing more to hand on. */
  get dropped(): boolean {
    return this.#failed;
  }

  /** Estimated bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Settles once the early parse stopped reading (end of file, cap reached, dropped, failed). */
  settled(): Promise<void> {
    return this.#pumping;
  }

  /** Frees the held batches and the reader; a later take finds nothing. */
  drop(): void {
    this.#stopped = true;
    this.#failed = true;
    clearTimeout(this.#timer);
    void this.#pumping.then(() => this.#release());
  }

  #release() {
    this.#buffer.length = 0;
    this.#bytes = 0;
    const iterator = this.#iterator;
    this.#iterator = undefined;
    this.#table = undefined;
    void iterator?.return?.().catch(() => undefined);
  }

  /**
   * The table for a check of `source` whose stored object has tag `etag` (and, read now, still this
   * size and tag), or undefined. Taken once: the held batches go to that check only.
   */
  async take(
    source: EarlySource,
    etag: string | undefined,
    blobs: Pick<UploadBlobStore, 'stat'>,
  ): Promise<TableSource | undefined> {
    if (this.#failed || !sameSource(this.source, source)) return undefined;
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#pumping;
    const now = (await blobs.stat(source.key)) as { size: number; etag?: string } | null;
    const held = this.#stat;
    const same = !this.#failed && held && now && now.size === held.size && now.etag === held.etag && held.etag === etag;
    const table = this.#table;
    const iterator = this.#iterator;
    if (!same || !table || !iterator) {
      this.drop();
      return undefined;
    }
    this.#failed = true;
    this.#iterator = undefined;
    this.#table = undefined;
    const buffer = this.#buffer.splice(0);
    this.#bytes = 0;
    const done = this.#done;
    return {
      header: table.header,
      ...(table.progress ? { progress: table.progress } : {}),
      async *batches() {
        // Each held batch leaves this list as it is handed on: the check's own holding decides how long it lives.
        while (buffer.length) yield buffer.shift()!;
        if (done) return;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      },
    };
  }
}

/** The one early parse of this Worker (a Worker runs one check). */
let current: EarlyParse | undefined;

/**
 * Starts reading `source` early, in place of the early parse before (which is dropped). The same
 * source asked again (step 2 reloaded) keeps the parse under way: the take compares the stored tag.
 */
export function startEarlyParse(source: EarlySource, blobs: UploadBlobStore, limit?: number): EarlyParse {
  if (current && !current.dropped && sameSource(current.source, source)) return current;
  current?.drop();
  current = new EarlyParse(source, blobs, limit);
  return current;
}

/** The early parse's table for this check, or undefined (then the check reads the file itself). */
export async function takeEarlyParse(
  source: EarlySource,
  etag: string | undefined,
  blobs: Pick<UploadBlobStore, 'stat'>,
): Promise<TableSource | undefined> {
  const early = current;
  current = undefined;
  if (!early) return undefined;
  const table = await early.take(source, etag, blobs);
  if (!table) early.drop();
  return table;
}
