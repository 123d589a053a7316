// The signed bytes of a statement: canonical JSON as RFC 8785 (JCS) defines it for the values a
// statement holds (objects, arrays, strings, finite numbers, booleans, null): object members sorted
// by their UTF-16 code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify
// writes them (which is what JCS prescribes). Anyone re-serialising the parsed statement this way
// gets the same bytes; verifiers should still check the bytes as published.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}
