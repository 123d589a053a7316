// The parse's row batches held back from raw.arrow's writer while a check waits for its estimate.
// Encoding the raw columns (every cell of every column, text as UTF-8) took about a third of the
// parse thread's time before the estimate; the estimate needs none of it. So the check that prepares
// keeps the batches as the reader made them (the cells are the reader's own values: no copy) and
// hands them to the writer once its estimate is out. Past `limit` (an upper estimate of what the
// held cells occupy) it stops holding, and everything goes to the writer as before: memory stays
// bounded whatever the file.
import type { RowBatch } from '../types';

/** Estimated bytes of held rows at most (array slots, string headers and their characters). */
export const HELD_ROWS_BYTES = 128 * 1024 * 1024;

/** Every SAMPLE_STRIDE-th row's text is measured (a cell loop over every row cost the parse thread 0.05-0.17 s per 100,000 x 50). */
const SAMPLE_STRIDE = 8;

/**
 * Bytes a batch's cells occupy, estimated: 8 per slot, and per text cell its header and 2 bytes per
 * character, the text measured on every 8th row and scaled (a survey's rows are alike; a single long
 * cell elsewhere is at most maxCellChars).
 */
export function batchBytes(batch: RowBatch): number {
  let bytes = 0;
  let text = 0;
  const rows = batch.rows;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    bytes += 16 + 8 * row.length;
    if (i % SAMPLE_STRIDE) continue;
    for (const cell of row) if (typeof cell === 'string') text += 32 + 2 * cell.length;
  }
  return bytes + text * SAMPLE_STRIDE;
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
