// Bad Language (6) for pass A (text.ts): listed words, their English plurals, profane beginnings of
// compounds and two- or three-word phrases, after leetspeak mapping.
import { isLetter, unleet } from './text-chars';
import { hashAdd, hashStart, tableGet, LIST_PROFANITY, LIST_PROFANITY_PREFIX } from './text-lists';

// @ts-ignore: decorator
@inline
function cpAt(cps: usize, i: i32): i32 {
  return load<i32>(cps + (<usize>i << 2));
}

/** Whether the answer cps[a, b) holds a profane word, beginning or phrase. */
export function hasProfanity(cps: usize, a: i32, b: i32): bool {
  // Hashes of the previous token and of the previous two tokens (joined by one space, as phrases are
  // stored) let phrases of up to three words match.
  let prev1: u64 = 0, prev2: u64 = 0;
  let have1 = false, have2 = false;
  let i = a;
  while (i < b) {
    if (!isLetter(unleet(cpAt(cps, i)))) {
      i++;
      continue;
    }
    const ts = i;
    let h = hashStart();
    // The hash before the last letter: English plurals of listed words ("dickheads", "assholes").
    let before: u64 = 0;
    while (i < b && isLetter(unleet(cpAt(cps, i)))) {
      before = h;
      h = hashAdd(h, unleet(cpAt(cps, i)));
      i++;
      // Profane beginnings of four to seven letters ("scheiß" in "Scheißumfrage").
      const n = i - ts;
      if (n >= 4 && n <= 7 && (tableGet(h == 0 ? 1 : h) & LIST_PROFANITY_PREFIX) != 0) return true;
    }
    if (tableGet(h == 0 ? 1 : h) & LIST_PROFANITY) return true;
    if (i - ts >= 5 && unleet(cpAt(cps, i - 1)) == 0x73 && (tableGet(before == 0 ? 1 : before) & LIST_PROFANITY) != 0) return true;
    let two: u64 = 0;
    if (have1) {
      two = extendSpan(prev1, cps, ts, i);
      if (tableGet(two == 0 ? 1 : two) & LIST_PROFANITY) return true;
    }
    if (have2) {
      const three = extendSpan(prev2, cps, ts, i);
      if (tableGet(three == 0 ? 1 : three) & LIST_PROFANITY) return true;
    }
    prev2 = two;
    have2 = have1;
    prev1 = h;
    have1 = true;
  }
  return false;
}

/** A phrase hash extended by one space and the leetspeak-mapped token cps[a, b). */
function extendSpan(h: u64, cps: usize, a: i32, b: i32): u64 {
  h = hashAdd(h, 0x20);
  for (let i = a; i < b; i++) h = hashAdd(h, unleet(cpAt(cps, i)));
  return h;
}
