// Byte-level pieces of the SPSS system-file writer: a growable little-endian buffer, text cut to a
// byte width without splitting a UTF-8 character, and the bytecode compression of case data
// (compression 1 of the format PSPP documents as "System File Format").

const encoder = new TextEncoder();

/** A little-endian byte buffer that grows as written and hands its bytes over in chunks. */
export class ByteSink {
  #buf = new Uint8Array(64 * 1024);
  #view = new DataView(this.#buf.buffer);
  #at = 0;

  get size(): number {
    return this.#at;
  }

  #room(n: number): void {
    if (this.#at + n <= this.#buf.length) return;
    let size = this.#buf.length * 2;
    while (size < this.#at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.#buf.subarray(0, this.#at));
    this.#buf = next;
    this.#view = new DataView(next.buffer);
  }

  i32(v: number): void {
    this.#room(4);
    this.#view.setInt32(this.#at, v, true);
    this.#at += 4;
  }

  i64(v: number): void {
    this.#room(8);
    this.#view.setBigInt64(this.#at, BigInt(v), true);
    this.#at += 8;
  }

  f64(v: number): void {
    this.#room(8);
    this.#view.setFloat64(this.#at, v, true);
    this.#at += 8;
  }

  u8(v: number): void {
    this.#room(1);
    this.#buf[this.#at++] = v;
  }

  bytes(b: Uint8Array): void {
    this.#room(b.length);
    this.#buf.set(b, this.#at);
    this.#at += b.length;
  }

  /** `b` padded with `pad` (or cut) to exactly `len` bytes. */
  padded(b: Uint8Array, len: number, pad = 0x20): void {
    this.#room(len);
    const n = Math.min(len, b.length);
    this.#buf.set(b.subarray(0, n), this.#at);
    this.#buf.fill(pad, this.#at + n, this.#at + len);
    this.#at += len;
  }

  /** Latin text (names, dates, record ids of the format) padded with blanks to `len` bytes. */
  text(s: string, len: number, pad = 0x20): void {
    this.padded(encoder.encode(s), len, pad);
  }

  /** The bytes written since the last take, as a copy; the buffer starts over. */
  take(): Uint8Array {
    const out = this.#buf.slice(0, this.#at);
    this.#at = 0;
    return out;
  }
}

/** UTF-8 bytes of `text`, cut to at most `max` bytes at a character boundary. */
export function utf8Cut(text: string, max: number): Uint8Array {
  const b = encoder.encode(text);
  if (b.length <= max) return b;
  let end = max;
  // A continuation byte (10xxxxxx) must not start the cut-off part.
  while (end > 0 && (b[end]! & 0xc0) === 0x80) end--;
  return b.subarray(0, end);
}

const BIAS = 100;
export const SAV_BIAS = BIAS;

/**
 * Bytecode compression: per 8-byte slot one code (1..251 a whole number minus the bias, 253 the raw
 * 8 bytes follow, 254 eight blanks, 255 system-missing), eight codes to a block, each block followed
 * by the raw slots its codes announced.
 */
export class BytecodeWriter {
  readonly #codes = new Uint8Array(8);
  readonly #data = new Uint8Array(64);
  readonly #dataView = new DataView(this.#data.buffer);
  #n = 0;
  #raw = 0;

  constructor(
    private readonly out: ByteSink,
    private readonly sysmis: number,
  ) {}

  #push(code: number): void {
    this.#codes[this.#n++] = code;
    if (this.#n === 8) this.#flush();
  }

  #flush(): void {
    if (this.#n === 0) return;
    this.#codes.fill(0, this.#n);
    this.out.bytes(this.#codes);
    this.out.bytes(this.#data.subarray(0, this.#raw * 8));
    this.#n = 0;
    this.#raw = 0;
  }

  number(v: number): void {
    if (v === this.sysmis || !Number.isFinite(v)) this.#push(255);
    else if (Number.isInteger(v) && v >= 1 - BIAS && v <= 251 - BIAS) this.#push(v + BIAS);
    else {
      this.#dataView.setFloat64(this.#raw++ * 8, v, true);
      this.#push(253);
    }
  }

  /** One 8-byte slot of a string (already padded with blanks). */
  slot(b: Uint8Array): void {
    let blank = true;
    for (let k = 0; k < 8; k++)
      if (b[k] !== 0x20) {
        blank = false;
        break;
      }
    if (blank) this.#push(254);
    else {
      this.#data.set(b.subarray(0, 8), this.#raw++ * 8);
      this.#push(253);
    }
  }

  /** The end-of-data code, then the last block. */
  end(): void {
    this.#push(252);
    this.#flush();
  }
}
