// Low-level access to the scoring module's memory: allocation, copying typed arrays in and out, and
// resident matrices. Views are recreated on every access because any call into WASM may grow memory,
// which detaches earlier views (toolchain.md).
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
  constructor(mem: WasmHeap, readonly rows: number, readonly cols: number) {
    this.#mem = mem;
    this.#ptr = mem.alloc(rows * cols * 8);
  }
  /** Address inside WASM memory (for the facade only). */
  get ptr(): number {
    if (this.#ptr === 0) throw new Error('WasmMatrix used after free()');
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
    if (this.#ptr !== 0) this.#mem.free(this.#ptr);
    this.#ptr = 0;
  }
}

/** Tracks the allocations of one facade call so they are all released afterwards. */
export class WasmHeap {
  constructor(readonly exports: ScoringExports) {}
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
  /** Copies a Float64Array in; returns its address. */
  f64In(a: ArrayLike<number>): number {
    const p = this.alloc(a.length * 8);
    this.heap.f64(p, a.length).set(a);
    return p;
  }
  i32In(a: ArrayLike<number>): number {
    const p = this.alloc(a.length * 4);
    this.heap.i32(p, a.length).set(a);
    return p;
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
  /** Writes a matrix into memory unless it already lives there; returns address and shape. */
  matrix(m: MatrixInput): { ptr: number; rows: number; cols: number } {
    if (m instanceof WasmMatrix) return { ptr: m.ptr, rows: m.rows, cols: m.cols };
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
