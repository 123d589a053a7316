// Score inputs of a file too large to hold: while the parse runs, each full 64k-row chunk of a
// column is appended to one temporary file (node:fs, synchronous: the engine runs in a Worker), and
// scoring reads the chunks back one row range at a time. Only the current, partly filled chunk of
// each column stays in memory, so memory does not grow with the file. The file is private (0600,
// in a 0700 directory of its own) and removed on close, whatever happened.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Rows per chunk: the unit of spilling, of reading back and of the scores.arrow record batches. */
export const CHUNK_ROWS = 65536;

export class SpillFile {
  #dir: string | undefined;
  #fd: number | undefined;
  #end = 0;
  #closed = false;

  /** Nothing is created until the first append (a file under 64k rows never touches the disk). */
  constructor(readonly parent: string = tmpdir()) {}

  /** Appends `bytes`; returns where they are. */
  append(bytes: Uint8Array): { offset: number; length: number } {
    const fd = this.#open();
    const offset = this.#end;
    let done = 0;
    while (done < bytes.byteLength) done += writeSync(fd, bytes, done, bytes.byteLength - done, offset + done);
    this.#end += bytes.byteLength;
    return { offset, length: bytes.byteLength };
  }

  /** Reads `length` bytes at `offset` into `into` (or a new buffer). */
  read(offset: number, length: number, into: Uint8Array = new Uint8Array(length)): Uint8Array {
    const fd = this.#open();
    let done = 0;
    while (done < length) {
      const got = readSync(fd, into, done, length - done, offset + done);
      if (got === 0) throw new Error(`spill file: short read at ${offset + done}`);
      done += got;
    }
    return into;
  }

  close(): void {
    this.#closed = true;
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    if (this.#dir !== undefined) rmSync(this.#dir, { recursive: true, force: true });
  }

  #open(): number {
    if (this.#closed) throw new Error('spill file is closed');
    if (this.#fd === undefined) {
      this.#dir = mkdtempSync(join(this.parent, 'upload-spill-'));
      this.#fd = openSync(join(this.#dir, 'inputs.bin'), 'w+', 0o600);
    }
    return this.#fd;
  }
}

/**
 * A growing column of doubles in fixed chunks of CHUNK_ROWS (no reallocation). Without a spill file
 * every chunk stays in memory; with one, each full chunk goes to the file and its buffer is reused.
 */
export class ChunkedF64 {
  readonly #spilled: number[] = [];
  readonly #held: Float64Array[] = [];
  #current: Float64Array | undefined;
  length = 0;

  constructor(readonly spill?: SpillFile) {}

  push(v: number): void {
    const c = this.length % CHUNK_ROWS;
    if (c === 0) this.#current = this.#current && this.spill ? this.#current : new Float64Array(CHUNK_ROWS);
    this.#current![c] = v;
    this.length++;
    if (c === CHUNK_ROWS - 1) {
      if (this.spill) this.#spilled.push(this.spill.append(new Uint8Array(this.#current!.buffer)).offset);
      else this.#held.push(this.#current!);
    }
  }

  get chunkCount(): number {
    return Math.ceil(this.length / CHUNK_ROWS);
  }

  /**
   * Rows [c * CHUNK_ROWS, ...) of chunk c. A spilled chunk is read into `into` (CHUNK_ROWS long; a
   * caller reading chunk after chunk passes the same buffer, so the passes over a large file make no
   * garbage) or a fresh array.
   */
  chunk(c: number, into?: Float64Array): Float64Array {
    const rows = Math.min(CHUNK_ROWS, this.length - c * CHUNK_ROWS);
    if (c < 0 || rows <= 0) throw new RangeError(`chunk ${c} of ${this.chunkCount}`);
    const full = this.spill ? this.#spilled.length : this.#held.length;
    if (c < full) {
      if (!this.spill) return this.#held[c]!;
      const out = into?.length === CHUNK_ROWS ? into : new Float64Array(CHUNK_ROWS);
      this.spill.read(this.#spilled[c]!, CHUNK_ROWS * 8, new Uint8Array(out.buffer, out.byteOffset, CHUNK_ROWS * 8));
      return out;
    }
    return this.#current!.subarray(0, rows);
  }

  /** Rows [start, end) as one array, read from the chunks that hold them. */
  range(start: number, end: number): Float64Array {
    const out = new Float64Array(Math.max(0, end - start));
    for (let r = start; r < end;) {
      const c = Math.floor(r / CHUNK_ROWS);
      const chunk = this.chunk(c);
      const from = r - c * CHUNK_ROWS;
      const take = Math.min(end - r, chunk.length - from);
      out.set(chunk.subarray(from, from + take), r - start);
      r += take;
    }
    return out;
  }

  toArray(): Float64Array {
    const out = new Float64Array(this.length);
    for (let c = 0; c < this.chunkCount; c++) out.set(this.chunk(c), c * CHUNK_ROWS);
    return out;
  }
}

/** A growing column of short texts (record ids) in chunks of CHUNK_ROWS, spilled as JSON like ChunkedF64. */
export class ChunkedText {
  readonly #spilled: { offset: number; length: number }[] = [];
  readonly #held: string[][] = [];
  #current: string[] = [];
  length = 0;

  constructor(readonly spill?: SpillFile) {}

  push(v: string): void {
    this.#current.push(v);
    this.length++;
    if (this.#current.length === CHUNK_ROWS) {
      if (this.spill) this.#spilled.push(this.spill.append(new TextEncoder().encode(JSON.stringify(this.#current))));
      else this.#held.push(this.#current);
      this.#current = [];
    }
  }

  get chunkCount(): number {
    return Math.ceil(this.length / CHUNK_ROWS);
  }

  chunk(c: number): string[] {
    const full = this.spill ? this.#spilled.length : this.#held.length;
    if (c < 0 || c * CHUNK_ROWS >= this.length) throw new RangeError(`chunk ${c} of ${this.chunkCount}`);
    if (c < full) {
      if (!this.spill) return this.#held[c]!;
      const at = this.#spilled[c]!;
      return JSON.parse(new TextDecoder().decode(this.spill.read(at.offset, at.length))) as string[];
    }
    return this.#current;
  }

  toArray(): string[] {
    const out: string[] = [];
    for (let c = 0; c < this.chunkCount; c++) for (const v of this.chunk(c)) out.push(v);
    return out;
  }
}

/** A growing column of 32-bit integers, always in memory (4 bytes per row). */
export class GrowingU32 {
  #data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.#data.length) {
      const next = new Uint32Array(this.#data.length * 2);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.length++] = v;
  }
  view(): Uint32Array {
    return this.#data.subarray(0, this.length);
  }
}
