// SPSS variable names from any column names: SPSS takes letters, digits and . _ $ # @, a letter or @
// first (# and $ start scratch and system variables, which a file cannot hold), no final period,
// none of its reserved words, at most 64 bytes, unique regardless of case.

const RESERVED = new Set(['ALL', 'AND', 'BY', 'EQ', 'GE', 'GT', 'LE', 'LT', 'NE', 'NOT', 'OR', 'TO', 'WITH']);
const MAX_BYTES = 64;
const encoder = new TextEncoder();

function cutToBytes(name: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of name) {
    const n = encoder.encode(ch).length;
    if (bytes + n > max) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** One column name as a valid SPSS name (not yet unique). */
export function savName(name: string): string {
  let s = name.normalize('NFC').replace(/[^\p{L}\p{N}._$#@]/gu, '_');
  if (!/^[\p{L}@]/u.test(s)) s = `v${s}`;
  s = cutToBytes(s, MAX_BYTES).replace(/\.+$/, (dots) => '_'.repeat(dots.length));
  if (RESERVED.has(s.toUpperCase())) s = `${s}_`;
  return s;
}

/** Valid SPSS names for a file's columns, in order, unique regardless of case (`_2`, `_3` added). */
export function savNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = savName(name);
    let candidate = base;
    for (let k = 2; taken.has(candidate.toUpperCase()); k++) {
      const suffix = `_${k}`;
      candidate = cutToBytes(base, MAX_BYTES - suffix.length) + suffix;
    }
    taken.add(candidate.toUpperCase());
    return candidate;
  });
}
