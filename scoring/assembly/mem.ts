// Memory helpers shared by every kernel. All kernels take raw byte addresses of column-major
// arrays that the TypeScript facade wrote into this module's memory; `null` travels as NaN.

/** The value -999 marks a missing answer (product spec); NaN marks an empty or non-numeric cell. */
export const MISSING: f64 = -999.0;

// @ts-ignore: decorator
@inline
export function isMissing(v: f64): bool {
  return v != v || v == MISSING;
}

// @ts-ignore: decorator
@inline
export function ldf(base: usize, i: i32): f64 {
  return load<f64>(base + (<usize>i << 3));
}

// @ts-ignore: decorator
@inline
export function stf(base: usize, i: i32, v: f64): void {
  store<f64>(base + (<usize>i << 3), v);
}

// @ts-ignore: decorator
@inline
export function ldi(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
export function sti(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** Scratch allocation for kernels; callers must `release` what they take. */
export function take(bytes: usize): usize {
  return heap.alloc(bytes == 0 ? 8 : bytes);
}

export function release(ptr: usize): void {
  heap.free(ptr);
}

/** Clamps a score into the product range [0, 100]; NaN (null) passes through. */
// @ts-ignore: decorator
@inline
export function clamp100(v: f64): f64 {
  return v < 0 ? 0 : v > 100 ? 100 : v;
}
