// The exact median of a duration column that arrives in chunks (scoreChunked's Time-Score medians),
// equal bit for bit to the kernel's columnMedian (assembly/time.ts) over the whole column.

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const BUCKETS = 1 << 16;
/** Values of one column a median pass may keep (1 MiB of doubles); a fuller bucket is narrowed by one more histogram pass. */
export const MEDIAN_COLLECT_LIMIT = 1 << 17;

/**
 * Exact median of the valid durations (> 0: not NaN, not -999, not 0 or negative) of one column that
 * is streamed in chunks, equal to the kernel's columnMedian (assembly/time.ts): NaN with fewer than
 * `minRecords` valid values (or none), else the middle value, or (lower + upper) * 0.5 of the two
 * middle ones. Positive doubles sort like their bit patterns, read as four 16-bit digits from the
 * top. Each pass over the column (`add` per chunk, then `endPass`) does one of:
 *
 * * `hist`: counts the next digit of the values that share the known digits (the first pass counts
 *   the top digit of every valid value, which also gives their number and so the middle ranks);
 * * `minmax`: when the two middle ranks fell in different buckets, the lower is the largest value of
 *   its bucket and the upper the smallest of the next non-empty one: two numbers;
 * * `collect`: when both fell in one bucket of at most `limit` values, those values, sorted.
 *
 * A bucket of more than `limit` values is narrowed by the next digit instead (one more pass); after
 * four digits every value in the bucket is the same double. Memory: the histogram (256 KiB) and at
 * most `limit` doubles, whatever the number of rows.
 */
export class StreamingMedian {
  /** The median once `done` (NaN: too few valid values). */
  value = Number.NaN;
  #minRecords: number;
  #limit: number;
  #mode: 'hist' | 'minmax' | 'collect' | 'done' = 'hist';
  /** Digits (16 bits each, from the top) shared by the values the ranks below refer to. */
  #level = 0;
  #maskHi = 0;
  #maskLo = 0;
  #prefHi = 0;
  #prefLo = 0;
  /** Target ranks among the values with that prefix: lower and upper middle (equal for an odd count). */
  #lo = 0;
  #hi = 0;
  #hist: Uint32Array | null = new Uint32Array(BUCKETS);
  #bLo = 0;
  #bHi = 0;
  #max = -Infinity;
  #min = Infinity;
  #buf: Float64Array | null = null;
  #fill = 0;

  constructor(minRecords: number, limit = MEDIAN_COLLECT_LIMIT) {
    if (!LITTLE_ENDIAN) throw new Error('scoring: streamed medians assume a little-endian host');
    // The kernel takes minRecords as an i32.
    this.#minRecords = minRecords | 0;
    this.#limit = Math.max(1, limit);
  }

  get done(): boolean {
    return this.#mode === 'done';
  }

  /** One chunk's values of the column, in this pass. */
  add(col: Float64Array): void {
    const n = col.length;
    if (this.#mode === 'done' || n === 0) return;
    const u16 = new Uint16Array(col.buffer, col.byteOffset, n * 4);
    const level = this.#level;
    if (this.#mode === 'hist' && level === 0) {
      const h = this.#hist!;
      for (let i = 0; i < n; i++) if (col[i]! > 0) h[u16[4 * i + 3]!]!++;
      return;
    }
    const i32 = new Int32Array(col.buffer, col.byteOffset, n * 2);
    const mh = this.#maskHi,
      ml = this.#maskLo,
      ph = this.#prefHi,
      pl = this.#prefLo;
    // The digit after the known ones, as a Uint16Array index: 4i + 3 - level.
    const d = 3 - level;
    switch (this.#mode) {
      case 'hist': {
        const h = this.#hist!;
        for (let i = 0; i < n; i++) {
          if ((i32[2 * i + 1]! & mh) === ph && (i32[2 * i]! & ml) === pl && col[i]! > 0) h[u16[4 * i + d]!]!++;
        }
        return;
      }
      case 'minmax': {
        const bLo = this.#bLo,
          bHi = this.#bHi;
        let max = this.#max,
          min = this.#min;
        for (let i = 0; i < n; i++) {
          const v = col[i]!;
          if ((i32[2 * i + 1]! & mh) !== ph || (i32[2 * i]! & ml) !== pl || !(v > 0)) continue;
          const b = u16[4 * i + d]!;
          if (b === bLo && v > max) max = v;
          else if (b === bHi && v < min) min = v;
        }
        this.#max = max;
        this.#min = min;
        return;
      }
      case 'collect': {
        const buf = this.#buf!;
        let m = this.#fill;
        for (let i = 0; i < n; i++) {
          const v = col[i]!;
          if ((i32[2 * i + 1]! & mh) === ph && (i32[2 * i]! & ml) === pl && v > 0) {
            if (m === buf.length) throw new RangeError('scoreChunked: the chunks changed between passes');
            buf[m++] = v;
          }
        }
        this.#fill = m;
        return;
      }
    }
  }

  /** Ends a pass over every chunk; afterwards either `done` or another pass is needed. */
  endPass(): void {
    switch (this.#mode) {
      case 'done':
        return;
      case 'minmax':
        this.#finish(this.#max, this.#min);
        return;
      case 'collect': {
        const buf = this.#buf!;
        if (this.#fill !== buf.length) throw new RangeError('scoreChunked: the chunks changed between passes');
        buf.sort();
        this.#finish(buf[this.#lo]!, buf[this.#hi]!);
        return;
      }
    }
    const h = this.#hist!;
    if (this.#level === 0) {
      let cnt = 0;
      for (let b = 0; b < BUCKETS; b++) cnt += h[b]!;
      if (cnt < this.#minRecords || cnt === 0) {
        this.#finish(Number.NaN, Number.NaN);
        return;
      }
      this.#hi = cnt >> 1;
      this.#lo = cnt & 1 ? this.#hi : this.#hi - 1;
    }
    // Buckets holding ranks lo and hi, and the number of values below the first of them.
    const lo = this.#lo,
      hi = this.#hi;
    let seen = 0,
      bLo = -1,
      bHi = -1,
      before = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const c = h[b]!;
      if (bLo < 0 && seen + c > lo) {
        bLo = b;
        before = seen;
      }
      if (seen + c > hi) {
        bHi = b;
        break;
      }
      seen += c;
    }
    if (bHi < 0) throw new RangeError('scoreChunked: the chunks changed between passes');
    if (bLo !== bHi) {
      // Rank lo is the last value of its bucket, rank hi the first of the next non-empty one.
      this.#mode = 'minmax';
      this.#bLo = bLo;
      this.#bHi = bHi;
      return;
    }
    const count = h[bLo]!;
    this.#lo -= before;
    this.#hi -= before;
    // Append the digit to the prefix.
    const level = this.#level;
    if (level === 0) {
      this.#maskHi = 0xffff0000 | 0;
      this.#prefHi = (bLo << 16) | 0;
    } else if (level === 1) {
      this.#maskHi = -1;
      this.#prefHi |= bLo;
    } else if (level === 2) {
      this.#maskLo = 0xffff0000 | 0;
      this.#prefLo = (bLo << 16) | 0;
    } else {
      this.#maskLo = -1;
      this.#prefLo |= bLo;
    }
    this.#level = level + 1;
    if (this.#level === 4) {
      // Every bit known: all the values of the bucket are this double.
      const bits = new Int32Array([this.#prefLo, this.#prefHi]);
      const v = new Float64Array(bits.buffer)[0]!;
      this.#finish(v, v);
      return;
    }
    if (count <= this.#limit) {
      this.#mode = 'collect';
      this.#buf = new Float64Array(count);
      this.#fill = 0;
      this.#hist = null;
      return;
    }
    h.fill(0);
  }

  #finish(lower: number, upper: number): void {
    this.value = this.#lo === this.#hi ? upper : (lower + upper) * 0.5;
    this.#mode = 'done';
    this.#hist = null;
    this.#buf = null;
  }
}
