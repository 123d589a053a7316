// Near-duplicate detection for open answers (Duplicate Respondent 8, Duplicate Answer 9): sets of
// character 3-grams compared by Jaccard similarity (the rules over a question are in
// text-clusters.ts).

/** Near-identical means Jaccard similarity of the 3-gram sets of at least this value. */
export const JACCARD_MIN: f64 = 0.9;

function rotl(x: u32, r: u32): u32 {
  return (x << r) | (x >> (32 - r));
}

/** Hash of one 3-gram (or of a shorter whole text padded with zeros). */
function gramHash(a: i32, b: i32, c: i32): u32 {
  let h = <u32>a * 0x9e3779b1;
  h ^= rotl(<u32>b * 0x85ebca77, 11);
  h ^= rotl(<u32>c * 0xc2b2ae3d, 22);
  h ^= h >> 15;
  h *= 0x2c1b3c6d;
  h ^= h >> 12;
  return h;
}

/** Sorts u32 values a[lo..hi] ascending (insertion sort for short runs, quicksort otherwise). */
export function sortU32(a: usize, lo: i32, hi: i32): void {
  while (hi - lo > 16) {
    const mid = lo + ((hi - lo) >> 1);
    const pivot = load<u32>(a + (<usize>mid << 2));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (load<u32>(a + (<usize>i << 2)) < pivot) i++;
      while (load<u32>(a + (<usize>j << 2)) > pivot) j--;
      if (i <= j) {
        const t = load<u32>(a + (<usize>i << 2));
        store<u32>(a + (<usize>i << 2), load<u32>(a + (<usize>j << 2)));
        store<u32>(a + (<usize>j << 2), t);
        i++;
        j--;
      }
    }
    if (j - lo < hi - i) {
      sortU32(a, lo, j);
      lo = i;
    } else {
      sortU32(a, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = load<u32>(a + (<usize>i << 2));
    let j = i - 1;
    while (j >= lo && load<u32>(a + (<usize>j << 2)) > v) {
      store<u32>(a + (<usize>(j + 1) << 2), load<u32>(a + (<usize>j << 2)));
      j--;
    }
    store<u32>(a + (<usize>(j + 1) << 2), v);
  }
}

/** Sorts u64 values a[lo..hi] ascending. */
export function sortU64(a: usize, lo: i32, hi: i32): void {
  while (hi - lo > 16) {
    const mid = lo + ((hi - lo) >> 1);
    const pivot = load<u64>(a + (<usize>mid << 3));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (load<u64>(a + (<usize>i << 3)) < pivot) i++;
      while (load<u64>(a + (<usize>j << 3)) > pivot) j--;
      if (i <= j) {
        const t = load<u64>(a + (<usize>i << 3));
        store<u64>(a + (<usize>i << 3), load<u64>(a + (<usize>j << 3)));
        store<u64>(a + (<usize>j << 3), t);
        i++;
        j--;
      }
    }
    if (j - lo < hi - i) {
      sortU64(a, lo, j);
      lo = i;
    } else {
      sortU64(a, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = load<u64>(a + (<usize>i << 3));
    let j = i - 1;
    while (j >= lo && load<u64>(a + (<usize>j << 3)) > v) {
      store<u64>(a + (<usize>(j + 1) << 3), load<u64>(a + (<usize>j << 3)));
      j--;
    }
    store<u64>(a + (<usize>(j + 1) << 3), v);
  }
}

// Bins of the distribution sort in gramSet (one more for the prefix sums).
const bins = new StaticArray<i32>(1025);

/**
 * Writes the sorted, de-duplicated 3-gram hashes of cps[a, b) to `out`; returns their count.
 * `out` and `scratch` need room for max(1, b - a - 2) values each. The hashes are spread evenly, so
 * they are sorted by distributing them over about one bin per hash by their top bits and finishing
 * with one insertion pass over the nearly sorted result (linear in practice, where a comparison sort
 * of every answer's grams cost more than the rest of the duplicate rules).
 */
export function gramSet(cps: usize, a: i32, b: i32, out: usize, scratch: usize): i32 {
  const len = b - a;
  if (len <= 0) return 0;
  if (len < 3) {
    const c0 = load<i32>(cps + (<usize>a << 2));
    const c1 = len > 1 ? load<i32>(cps + (<usize>(a + 1) << 2)) : 0;
    store<u32>(out, gramHash(c0, c1, 0));
    return 1;
  }
  const n = len - 2;
  if (n <= 16 || n > 1024) {
    for (let i = 0; i < n; i++) store<u32>(out + (<usize>i << 2), gramAt(cps, a + i));
    sortU32(out, 0, n - 1);
  } else {
    const bits = 32 - <u32>clz<u32>(<u32>(n - 1));
    const shift = 32 - bits;
    const nb = 1 << bits;
    for (let k = 0; k <= nb; k++) unchecked((bins[k] = 0));
    for (let i = 0; i < n; i++) {
      const h = gramAt(cps, a + i);
      store<u32>(scratch + (<usize>i << 2), h);
      const k = <i32>(h >> shift) + 1;
      unchecked((bins[k] += 1));
    }
    for (let k = 1; k <= nb; k++) unchecked((bins[k] += bins[k - 1]));
    for (let i = 0; i < n; i++) {
      const h = load<u32>(scratch + (<usize>i << 2));
      const k = <i32>(h >> shift);
      const p = unchecked(bins[k]);
      unchecked((bins[k] = p + 1));
      store<u32>(out + (<usize>p << 2), h);
    }
    for (let i = 1; i < n; i++) {
      const v = load<u32>(out + (<usize>i << 2));
      let j = i - 1;
      while (j >= 0 && load<u32>(out + (<usize>j << 2)) > v) {
        store<u32>(out + (<usize>(j + 1) << 2), load<u32>(out + (<usize>j << 2)));
        j--;
      }
      store<u32>(out + (<usize>(j + 1) << 2), v);
    }
  }
  let u = 1;
  for (let i = 1; i < n; i++) {
    const v = load<u32>(out + (<usize>i << 2));
    if (v != load<u32>(out + (<usize>(u - 1) << 2))) store<u32>(out + (<usize>(u++) << 2), v);
  }
  return u;
}

// @ts-ignore: decorator
@inline
function gramAt(cps: usize, i: i32): u32 {
  return gramHash(load<i32>(cps + (<usize>i << 2)), load<i32>(cps + (<usize>(i + 1) << 2)), load<i32>(cps + (<usize>(i + 2) << 2)));
}

/**
 * Whether two sorted unique sets are near-identical: jaccard(a, b) >= JACCARD_MIN, decided in integers
 * (10 * common >= 9 * union, i.e. 19 * common >= 9 * (na + nb); the same verdict as the division, see
 * scoring/README.md) and given up as soon as too few grams are left to reach it, which is what makes
 * verifying a candidate pair cheap when it differs early.
 */
export function nearIdentical(a: usize, na: i32, b: usize, nb: i32): bool {
  const need = (9 * (na + nb) + 18) / 19;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < na && j < nb) {
    if (common + min(na - i, nb - j) < need) return false;
    const x = load<u32>(a + (<usize>i << 2));
    const y = load<u32>(b + (<usize>j << 2));
    if (x == y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common >= need;
}

