// The shape of tokens and answers around them, read by pass A (text.ts): list items, compounds, domain
// names, bare links, and letters with diacritics.
import { isLetter, isDigit, isSpace } from './text-chars';

const CP_MINUS: i32 = 0x2d;
const CP_DOT: i32 = 0x2e;

// @ts-ignore: decorator
@inline
function cpAt(cps: usize, i: i32): i32 {
  return load<i32>(cps + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
function isListSeparator(cp: i32): bool {
  return cp == 0x2c || cp == 0x3b || cp == 0x2f || cp == 0x7c || cp == 0x0a || cp == 0x2b;
}

/** Whether the token [ts, te) is joined by a hyphen to a letter before or after it. */
export function hyphenated(cps: usize, a: i32, b: i32, ts: i32, te: i32): bool {
  if (te + 1 < b && cpAt(cps, te) == CP_MINUS && isLetter(cpAt(cps, te + 1))) return true;
  return ts - 2 >= a && cpAt(cps, ts - 1) == CP_MINUS && isLetter(cpAt(cps, ts - 2));
}

/** Whether the token [ts, te) is joined by a dot to a letter or digit (a part of "google.com" or "www.x.de"). */
export function dotted(cps: usize, a: i32, b: i32, ts: i32, te: i32): bool {
  if (te + 1 < b && cpAt(cps, te) == CP_DOT && isLetter(cpAt(cps, te + 1))) return true;
  return ts - 2 >= a && cpAt(cps, ts - 1) == CP_DOT && (isLetter(cpAt(cps, ts - 2)) || isDigit(cpAt(cps, ts - 2)));
}

/** Whether cps[a, b), trimmed, is one run without spaces that starts with "http" or "www". */
export function bareLink(cps: usize, a: i32, b: i32): bool {
  while (a < b && isSpace(cpAt(cps, a))) a++;
  while (b > a && isSpace(cpAt(cps, b - 1))) b--;
  if (b - a < 8) return false;
  for (let i = a; i < b; i++) if (isSpace(cpAt(cps, i))) return false;
  const c0 = cpAt(cps, a), c1 = cpAt(cps, a + 1), c2 = cpAt(cps, a + 2), c3 = cpAt(cps, a + 3);
  return (c0 == 0x68 && c1 == 0x74 && c2 == 0x74 && c3 == 0x70) || (c0 == 0x77 && c1 == 0x77 && c2 == 0x77);
}

/** A Latin letter with a diacritic that neither English nor German writes (German keeps ä ö ü ß). */
// @ts-ignore: decorator
@inline
export function foreignDiacritic(cp: i32): bool {
  if (cp < 0xc0 || cp > 0x17f || cp == 0xd7 || cp == 0xf7) return false;
  return cp != 0xe4 && cp != 0xf6 && cp != 0xfc && cp != 0xdf && cp != 0xc4 && cp != 0xd6 && cp != 0xdc;
}

/** Whether token [ts, te) of the answer [a, b) is a list item of its own: only spaces between it and a separator (, ; / | + newline) or an end on both sides. */
export function standsAlone(cps: usize, a: i32, b: i32, ts: i32, te: i32): bool {
  let i = ts - 1;
  while (i >= a && isSpace(cpAt(cps, i))) i--;
  if (i >= a && !isListSeparator(cpAt(cps, i))) return false;
  let j = te;
  while (j < b && isSpace(cpAt(cps, j))) j++;
  return j >= b || isListSeparator(cpAt(cps, j));
}
