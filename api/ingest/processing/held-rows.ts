// The parse's row batches held back from raw.arrow's writer while a check waits for its estimate.
// Encoding the raw columns (every cell of every column, text as UTF-8) took about a third of the
// parse thread's time before the estimate; the estimate needs none of it. So the check that prepares
// keeps the batches as the reader made them (the cells are the reader's own values: no copy) and
// hands them to the writer once its estimate is out. Past `limit` (an upper estimate of what the
// held cells occupy) it stops holding, and everything goes to the writer as before: memory stays
// bounded whatever the file.
import type { RowBatch } from '../types';

/** Estimated bytes of held rows at most (array slots, string headers and their characters). */
export const HELD_ROWS_BYTES = 256 * 1024 * 1024;

/** Bytes a batch's cells occupy at most: 8 per slot, and per text cell its header and 2 bytes per character. */
export function batchBytes(batch: RowBatch): number {
  let bytes = 0;
  for (const row of batch.rows) {
    bytes += 16 + 8 * row.length;
    for (const cell of row) if (typeof cell === 'string') bytes += 32 + 2 * cell.length;
  }
  return bytes;
}

export class HeldRows {
  #batches: RowBatch[] = [];
  #bytes = 0;
  #open: boolean;
  constructor(
    readonly limit: number,
    open = true,
  ) {
    this.#open = open;
  }

  /** Keeps the batch and answers true; false once holding is over (or the batch would pass the limit): write it then. */
  hold(batch: RowBatch): boolean {
    if (!this.#open) return false;
    const bytes = batchBytes(batch);
    if (this.#bytes + bytes > this.limit) {
      this.#open = false;
      return false;
    }
    this.#batches.push(batch);
    this.#bytes += bytes;
    return true;
  }

  /** The held batches in their order, and no more holding: later batches are written as they come. */
  take(): RowBatch[] {
    this.#open = false;
    const batches = this.#batches;
    this.#batches = [];
    this.#bytes = 0;
    return batches;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
