// Which records were charged: a sorted list of 64-bit hashes of the record ids, stored per revision
// (record-ids.bin, the union over every revision so far). A re-upload charges only records whose
// hash is not in the previous revision's list. 64 bits keep a million ids at a collision chance of
// about 3e-8 (a collision would leave one new record uncharged, never charge one twice).

const fin = (h: number) => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/**
 * Two independent 32-bit mixes of the UTF-16 code units (murmur3-style finaliser): the high and low
 * halves of the 64-bit hash, pushed in little-endian order (low, then high) so that a Uint32Array of
 * pairs reads as a BigUint64Array of hashes.
 */
export function pushRecordIdHash(id: string, out: { push(v: number): void }): void {
  let h1 = 0x811c9dc5 ^ id.length;
  let h2 = 0x27d4eb2f ^ Math.imul(id.length, 0x9e3779b1);
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  out.push(fin(h2 ^ h1));
  out.push(fin(h1));
}

export function hashRecordId(id: string): bigint {
  const parts: number[] = [];
  pushRecordIdHash(id, parts);
  return (BigInt(parts[1]!) << 32n) | BigInt(parts[0]!);
}

export function hashRecordIds(ids: readonly string[]): BigUint64Array {
  const pairs = new Uint32Array(ids.length * 2);
  let at = 0;
  const out = { push: (v: number) => void (pairs[at++] = v) };
  for (const id of ids) pushRecordIdHash(id, out);
  return new BigUint64Array(pairs.buffer);
}

// The list operations below read the 64-bit hashes as (low, high) pairs of 32-bit halves
// (little-endian, as hashRecordIds writes them): reading a BigUint64Array element makes a BigInt on
// the heap, and a million of them cost ~200 MB of garbage and most of the time.
const halves = (a: BigUint64Array) => new Uint32Array(a.buffer, a.byteOffset, a.length * 2);

/** -1, 0 or 1 as hash i of `a` is below, equal to or above hash j of `b` (halves views). */
function compare(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  const ha = a[2 * i + 1]!,
    hb = b[2 * j + 1]!;
  if (ha !== hb) return ha < hb ? -1 : 1;
  const la = a[2 * i]!,
    lb = b[2 * j]!;
  return la === lb ? 0 : la < lb ? -1 : 1;
}

export function sortedUnique(values: BigUint64Array): BigUint64Array {
  const s = values.slice().sort();
  const h = halves(s);
  let u = 0;
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && compare(h, i, h, u - 1) === 0) continue;
    h[2 * u] = h[2 * i]!;
    h[2 * u + 1] = h[2 * i + 1]!;
    u++;
  }
  return s.slice(0, u);
}

/** Whether a sorted list holds some hash twice. */
export function hasRepeats(sorted: BigUint64Array): boolean {
  const h = halves(sorted);
  for (let i = 1; i < sorted.length; i++) if (compare(h, i, h, i - 1) === 0) return true;
  return false;
}

/** Whether hash j of `keys` is in the sorted list `h` of n hashes (halves views). */
function indexIn(h: Uint32Array, n: number, keys: Uint32Array, j: number): boolean {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (compare(h, m, keys, j) < 0) lo = m + 1;
    else hi = m;
  }
  return lo < n && compare(h, lo, keys, j) === 0;
}

/** For each of `values`: 1 where it is in the sorted list `sorted`, else 0. */
export function containedIn(sorted: BigUint64Array, values: BigUint64Array): Uint8Array {
  const out = new Uint8Array(values.length);
  if (!sorted.length) return out;
  const h = halves(sorted),
    k = halves(values);
  for (let i = 0; i < values.length; i++) out[i] = indexIn(h, sorted.length, k, i) ? 1 : 0;
  return out;
}

/** Union of two sorted unique lists. */
export function union(a: BigUint64Array, b: BigUint64Array): BigUint64Array {
  const out = new BigUint64Array(a.length + b.length);
  const ha = halves(a),
    hb = halves(b),
    ho = halves(out);
  let i = 0,
    j = 0,
    k = 0;
  const take = (h: Uint32Array, x: number) => {
    ho[2 * k] = h[2 * x]!;
    ho[2 * k + 1] = h[2 * x + 1]!;
    k++;
  };
  while (i < a.length || j < b.length) {
    const c = i >= a.length ? 1 : j >= b.length ? -1 : compare(ha, i, hb, j);
    if (c < 0) take(ha, i++);
    else if (c > 0) take(hb, j++);
    else {
      take(ha, i++);
      j++;
    }
  }
  return out.slice(0, k);
}

/** The list as little-endian bytes (record-ids.bin). */
export function toBytes(list: BigUint64Array): Uint8Array {
  return new Uint8Array(list.buffer, list.byteOffset, list.byteLength).slice();
}

export function fromBytes(bytes: Uint8Array): BigUint64Array {
  const n = Math.floor(bytes.length / 8);
  return new BigUint64Array(bytes.slice(0, n * 8).buffer);
}

/** SHA-256 of the sorted list, hex: a short digest of which records a revision holds. */
export async function digestOf(list: BigUint64Array): Promise<string> {
  const bytes = toBytes(list);
  const hash = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
