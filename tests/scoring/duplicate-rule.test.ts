// The Duplicate Respondent rule on six hand-made interviews: groups within the datafile from the
// duplicate flags, keep the first or the best (highest combined, ties: the first), an interview that
// matches an earlier datafile always removed, and the kernel and the reference giving it reason DUP,
// independent of k-of-n and overridden by a manual keep.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  REASONS,
  duplicateMatchesOf,
  duplicateVector,
  type DuplicateFlagLike,
} from '../../scoring/index.ts';
import { col, implementations } from '../support/scoring.ts';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
// a, c, e: one device in this datafile (a first, e last); d matches file "old"; b and f are distinct.
const flags: DuplicateFlagLike[] = [
  { recordId: 'c', seenAt: '2026-01-02', matchDatafileId: 'this', matchRecordId: 'a', matchSeenAt: '2026-01-01' },
  { recordId: 'e', seenAt: '2026-01-03', matchDatafileId: 'this', matchRecordId: 'a', matchSeenAt: '2026-01-01' },
  { recordId: 'e', seenAt: '2026-01-03', matchDatafileId: 'this', matchRecordId: 'c', matchSeenAt: '2026-01-02' },
  { recordId: 'd', seenAt: '2026-01-02', matchDatafileId: 'old', matchRecordId: 'x', matchSeenAt: '2025-12-30' },
];
const combined = col(70, 80, 90, 95, 90, 10);

describe('the duplicate respondent rule', () => {
  const matches = duplicateMatchesOf('this', flags);

  it('groups the interviews of this datafile in order of arrival and sets apart matches of earlier datafiles', () => {
    expect(matches).toEqual({ earlier: ['d'], groups: [['a', 'c', 'e']] });
  });

  it('keeps the first of a group, or the best with ties going to the first', () => {
    expect(Array.from(duplicateVector(ids, combined, matches, 'FIRST'))).toEqual([0, 0, 1, 1, 1, 0]);
    // c and e tie at 90: c came first.
    expect(Array.from(duplicateVector(ids, combined, matches, 'BEST'))).toEqual([1, 0, 0, 1, 1, 0]);
  });

  for (const [name, impl] of implementations) {
    it(`${name}: removes them with reason DUP alone, whatever k-of-n says, unless kept by hand`, () => {
      const duplicate = duplicateVector(ids, combined, matches, 'BEST');
      const manual = col(2, 0, 0, 0, 0, 0);
      const r = impl.clean({ rows: 6, scores: { combined }, duplicate, manual }, { ...DEFAULT_RULES, minFailing: 3 });
      expect(Array.from(r.kept)).toEqual([1, 1, 1, 0, 0, 1]);
      expect(Array.from(r.primary, (p) => (p < 0 ? null : REASONS[p]))).toEqual([null, null, null, 'DUP', 'DUP', null]);
      expect(r.checks[3]).toBe(0);
    });
  }
});
