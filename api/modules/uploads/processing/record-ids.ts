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

export function sortedUnique(values: BigUint64Array): BigUint64Array {
  const s = values.slice().sort();
  let u = 0;
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[u - 1]) s[u++] = s[i]!;
  return s.slice(0, u);
}

export function contains(sorted: BigUint64Array, v: bigint): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (sorted[m]! < v) lo = m + 1;
    else hi = m;
  }
  return lo < sorted.length && sorted[lo] === v;
}

/** Union of two sorted unique lists. */
export function union(a: BigUint64Array, b: BigUint64Array): BigUint64Array {
  const out = new BigUint64Array(a.length + b.length);
  let i = 0, j = 0, k = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : undefined;
    const y = j < b.length ? b[j]! : undefined;
    if (y === undefined || (x !== undefined && x < y)) out[k++] = a[i++]!;
    else if (x === undefined || y < x) out[k++] = b[j++]!;
    else {
      out[k++] = x;
      i++;
      j++;
    }
  }
  return out.slice(0, k);
}

export function toBytes(list: BigUint64Array): Uint8Array {
  const out = new Uint8Array(list.length * 8);
  const dv = new DataView(out.buffer);
  list.forEach((v, i) => dv.setBigUint64(i * 8, v, true));
  return out;
}

export function fromBytes(bytes: Uint8Array): BigUint64Array {
  const n = Math.floor(bytes.length / 8);
  const out = new BigUint64Array(n);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < n; i++) out[i] = dv.getBigUint64(i * 8, true);
  return out;
}

/** SHA-256 of the sorted list, hex: a short digest of which records a revision holds. */
export async function digestOf(list: BigUint64Array): Promise<string> {
  const bytes = toBytes(list);
  const hash = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
