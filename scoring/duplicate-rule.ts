// The Duplicate Respondent rule: which interviews of a datafile to remove as duplicates, from the
// duplicate flags the server found in the organisation's history. The matching itself needs that
// history (keyed hashes of other datafiles), which neither the browser nor an export's Worker has, so
// the kernel gets only the outcome per interview (CleaningInput.duplicate). Keeping the first or the
// best is resolved here, over the same combined column, by the worksheet and by the server alike.

export const DUPLICATE_KEEP = ['FIRST', 'BEST'] as const;
export type DuplicateKeep = (typeof DUPLICATE_KEEP)[number];

/** A datafile's duplicates as record ids: what a saved cleaning keeps, so exports and reports re-run it. */
export interface DuplicateMatches {
  /** Interviews matching an interview of an earlier datafile of the organisation: always removed (that one was delivered). */
  earlier: string[];
  /** Interviews of this datafile that are the same respondent, each group in order of arrival. */
  groups: string[][];
}

/** One flag of the duplicate check: this interview matches an earlier one (of this datafile or another). */
export interface DuplicateFlagLike {
  recordId: string;
  seenAt: string;
  matchDatafileId: string;
  matchRecordId: string;
  matchSeenAt: string;
}

/** Groups the flags of one datafile: a match in another datafile, or a group of this datafile's interviews. */
export function duplicateMatchesOf(datafileId: string, flags: readonly DuplicateFlagLike[]): DuplicateMatches {
  const earlier = new Set<string>();
  const parent = new Map<string, string>();
  const seen = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const add = (id: string, at: string) => {
    if (!parent.has(id)) parent.set(id, id);
    const was = seen.get(id);
    if (was === undefined || at < was) seen.set(id, at);
  };
  for (const f of flags) {
    if (f.matchDatafileId !== datafileId) {
      earlier.add(f.recordId);
      continue;
    }
    add(f.recordId, f.seenAt);
    add(f.matchRecordId, f.matchSeenAt);
    parent.set(find(f.recordId), find(f.matchRecordId));
  }
  const groups = new Map<string, string[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    const members = groups.get(root) ?? [];
    members.push(id);
    groups.set(root, members);
  }
  // Arrival order; ties on time by record id, as the duplicate check breaks them.
  const order = (a: string, b: string) => {
    const ta = seen.get(a)!,
      tb = seen.get(b)!;
    if (ta !== tb) return ta < tb ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  };
  return {
    earlier: [...earlier].sort(),
    groups: [...groups.values()].map((g) => g.sort(order)).sort((a, b) => order(a[0]!, b[0]!)),
  };
}

/**
 * 1 for each interview the rule removes, else 0, by row of `ids`. Every interview matching an earlier
 * datafile goes. Of a group within the datafile one stays: with FIRST the first to arrive, with BEST
 * the highest combined score among those not matching an earlier datafile (null lowest; ties: the
 * first). Record ids the revision lacks are ignored.
 */
export function duplicateVector(
  ids: readonly (string | null)[],
  combined: ArrayLike<number> | undefined,
  matches: DuplicateMatches,
  keep: DuplicateKeep,
): Float64Array {
  const row = new Map<string, number>();
  ids.forEach((id, i) => {
    if (id !== null) row.set(id, i);
  });
  const out = new Float64Array(ids.length);
  const earlier = new Set(matches.earlier);
  for (const id of earlier) {
    const i = row.get(id);
    if (i !== undefined) out[i] = 1;
  }
  const score = (i: number) => {
    const v = combined?.[i] ?? Number.NaN;
    return Number.isNaN(v) ? -1 : v;
  };
  for (const group of matches.groups) {
    const rows = group.map((id) => row.get(id)).filter((i): i is number => i !== undefined);
    if (rows.length === 0) continue;
    let stay = rows[0]!;
    if (keep === 'BEST') {
      const candidates = rows.filter((i) => out[i] !== 1);
      stay = candidates[0] ?? -1;
      for (const i of candidates) if (score(i) > score(stay)) stay = i;
    }
    for (const i of rows) if (i !== stay) out[i] = 1;
  }
  return out;
}
