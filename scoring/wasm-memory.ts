// Low-level access to the scoring module's memory: allocation, copying typed arrays in and out, and
// resident matrices and results. The module declares a maximum memory, so the facade switches it to
// a resizable ArrayBuffer (`WebAssembly.Memory.prototype.toResizableBuffer`, Bun and Chromium):
// growing memory then keeps every view valid. On engines without it, growth detaches earlier views
// (growing replaces the memory's ArrayBuffer), so views are still recreated on every access and
// results are copied out.
import type { ColumnMajor, MatrixInput } from './types.ts';

/** The raw exports the facade uses; addresses and counts are plain numbers. */
export interface ScoringExports {
  memory: WebAssembly.Memory;
  SCORING_VERSION: WebAssembly.Global;
  alloc(bytes: number): number;
  dealloc(ptr: number): void;
  [kernel: string]: unknown;
}

/** A column-major matrix living in WASM memory, written once and reused by many kernels. */
export class WasmMatrix implements ColumnMajor {
  #mem: WasmHeap;
  #ptr: number;
  #owner: WasmMatrix | null;
  constructor(
    mem: WasmHeap,
    readonly rows: number,
    readonly cols: number,
    view?: { owner: WasmMatrix; ptr: number },
  ) {
    this.#mem = mem;
    this.#owner = view?.owner ?? null;
    this.#ptr = view ? view.ptr : mem.alloc(rows * cols * 8);
  }
  /**
   * Columns [start, start + count) as a matrix that shares this one's memory (e.g. one grid out of a
   * resident block of items). Freeing it does nothing; it dies with its owner.
   */
  columns(start: number, count: number): WasmMatrix {
    if (start < 0 || count < 0 || start + count > this.cols) throw new RangeError('column range outside the matrix');
    return new WasmMatrix(this.#mem, this.rows, count, { owner: this, ptr: this.ptr + start * this.rows * 8 });
  }
  /** Address inside WASM memory (for the facade only). */
  get ptr(): number {
    if (this.#ptr === 0 || (this.#owner && this.#owner.#ptr === 0)) throw new Error('WasmMatrix used after free()');
    return this.#ptr;
  }
  /** A fresh live view of the whole matrix; do not keep it across scoring calls. */
  get data(): Float64Array {
    return new Float64Array(this.#mem.buffer, this.ptr, this.rows * this.cols);
  }
  /** A fresh live view of column j (one item or metric over all interviews). */
  column(j: number): Float64Array {
    return new Float64Array(this.#mem.buffer, this.ptr + j * this.rows * 8, this.rows);
  }
  free(): void {
    if (this.#owner) return;
    if (this.#ptr !== 0) this.#mem.free(this.#ptr);
    this.#ptr = 0;
  }
}

/** Tracks the allocations of one facade call so they are all released afterwards. */
export class WasmHeap {
  /** True when views into this memory survive memory growth (resizable buffer mode). */
  readonly stableViews: boolean;
  constructor(readonly exports: ScoringExports) {
    const memory = exports.memory as WebAssembly.Memory & { toResizableBuffer?: () => ArrayBuffer };
    let stable = false;
    try {
      stable =
        typeof memory.toResizableBuffer === 'function' &&
        (memory.toResizableBuffer() as ArrayBuffer & { resizable?: boolean }).resizable === true;
    } catch {
      stable = false;
    }
    this.stableViews = stable;
  }
  get buffer(): ArrayBuffer {
    return this.exports.memory.buffer as ArrayBuffer;
  }
  alloc(bytes: number): number {
    const ptr = this.exports.alloc(Math.max(8, bytes));
    if (ptr === 0) throw new Error(`scoring: out of WASM memory allocating ${bytes} bytes`);
    return ptr;
  }
  free(ptr: number): void {
    this.exports.dealloc(ptr);
  }
  f64(ptr: number, n: number): Float64Array {
    return new Float64Array(this.buffer, ptr, n);
  }
  i32(ptr: number, n: number): Int32Array {
    return new Int32Array(this.buffer, ptr, n);
  }
}

export class Arena {
  #ptrs: number[] = [];
  constructor(readonly heap: WasmHeap) {}
  alloc(bytes: number): number {
    const p = this.heap.alloc(bytes);
    this.#ptrs.push(p);
    return p;
  }
  /**
   * Address of a Float64Array inside WASM memory: a view that already lives there (a WasmMatrix
   * column) is used in place, anything else is copied in.
   */
  f64In(a: ArrayLike<number>): number {
    if (a instanceof Float64Array && a.buffer === this.heap.buffer) return a.byteOffset;
    if (a instanceof Float64Array && (a.buffer as ArrayBuffer & { detached?: boolean }).detached === true) {
      throw new Error(
        'scoring: a view into scoring memory was detached by memory growth; take views right before the call',
      );
    }
    const p = this.alloc(a.length * 8);
    this.heap.f64(p, a.length).set(a);
    return p;
  }
  i32In(a: ArrayLike<number>): number {
    const p = this.alloc(a.length * 4);
    this.heap.i32(p, a.length).set(a);
    return p;
  }
  /**
   * Addresses of several inputs at once: views that live in WASM memory are resolved first, before
   * anything is allocated (an allocation can grow memory and detach them), then the rest is copied.
   * An absent column becomes n NaN (a missing score column).
   */
  f64Inputs(arrays: readonly (Float64Array | undefined)[], n: number): number[] {
    const resident = arrays.map((c) =>
      c instanceof Float64Array && c.buffer === this.heap.buffer ? c.byteOffset : -1,
    );
    return arrays.map((c, i) => (resident[i]! >= 0 ? resident[i]! : c ? this.f64In(c) : this.nan(n)));
  }

  /** Room for n doubles of output. */
  f64Out(n: number): number {
    return this.alloc(n * 8);
  }
  /** A column of n NaN (an absent score column). */
  nan(n: number): number {
    const p = this.alloc(n * 8);
    this.heap.f64(p, n).fill(Number.NaN);
    return p;
  }
  /** Copies n doubles out into a JS-owned array. */
  read(ptr: number, n: number): Float64Array {
    return this.heap.f64(ptr, n).slice();
  }
  /**
   * Address and shape of a matrix that already lives in WASM memory (a WasmMatrix, or adjacent column
   * views of one), without allocating; null when it would have to be copied.
   */
  resident(m: MatrixInput): { ptr: number; rows: number; cols: number } | null {
    if (m instanceof WasmMatrix) return { ptr: m.ptr, rows: m.rows, cols: m.cols };
    if (!Array.isArray(m)) return null;
    const cols = m as readonly Float64Array[];
    const rows = cols[0]?.length ?? 0;
    const first = cols[0];
    if (
      first &&
      first.buffer === this.heap.buffer &&
      cols.every(
        (c, j) => c.buffer === first.buffer && c.length === rows && c.byteOffset === first.byteOffset + j * rows * 8,
      )
    ) {
      return { ptr: first.byteOffset, rows, cols: cols.length };
    }
    return null;
  }

  /** Writes a matrix into memory unless it already lives there; returns address and shape. */
  matrix(m: MatrixInput): { ptr: number; rows: number; cols: number } {
    const here = this.resident(m);
    if (here) return here;
    if (Array.isArray(m)) {
      const cols = m as readonly Float64Array[];
      const rows = cols[0]?.length ?? 0;
      const p = this.alloc(rows * cols.length * 8);
      cols.forEach((c, j) => {
        if (c.length !== rows) throw new RangeError(`column ${j} has ${c.length} rows, expected ${rows}`);
        this.heap.f64(p + j * rows * 8, rows).set(c);
      });
      return { ptr: p, rows, cols: cols.length };
    }
    const cm = m as ColumnMajor;
    if (cm.data.length !== cm.rows * cm.cols) throw new RangeError('matrix data length is not rows x cols');
    return { ptr: this.f64In(cm.data), rows: cm.rows, cols: cm.cols };
  }
  /** Hands an allocation over to the caller: `release` no longer frees it. */
  detach(ptr: number): void {
    this.#ptrs = this.#ptrs.filter((p) => p !== ptr);
  }
  release(): void {
    for (const p of this.#ptrs) this.heap.free(p);
    this.#ptrs = [];
  }
}

/** Rows and columns of a matrix input without copying it. */
export function shapeOf(m: MatrixInput): { rows: number; cols: number } {
  if (Array.isArray(m)) return { rows: (m as readonly Float64Array[])[0]?.length ?? 0, cols: m.length };
  const cm = m as ColumnMajor;
  return { rows: cm.rows, cols: cm.cols };
}
