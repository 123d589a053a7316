// Our removal reasons in the industry's removal-reason frame. The Global Data Quality initiative's
// feedback loop (MRS and SampleCon) defines a code frame of reasons for removing a participant
// bought from a sample provider; suppliers reconcile against it. Its full code list was not
// available to us, so the frame here is its publicly named categories (bot detection, third-party
// fraud tools, duplicates, speeding, straightlining, open-end quality, inconsistent answers,
// inattention) under our own stable keys, and docs/exports-and-report.md says so. A reason
// the map does not name yet (a rule added later) still appears in every pack, under OTHER, with its
// own code and name beside it, until it gets its place here.
import { REASONS } from '../../../scoring/index';

/** The frame's categories, in the order the pack's code sheet lists them. */
export const GDQ_CATEGORIES = [
  'BOT_DETECTION',
  'THIRD_PARTY_FRAUD_TOOL',
  'DUPLICATE',
  'SPEEDING',
  'STRAIGHTLINING',
  'OPEN_END_QUALITY',
  'INCONSISTENT_ANSWERS',
  'INATTENTION',
  'SUSPICIOUS_BEHAVIOUR',
  'MULTIPLE_QUALITY_ISSUES',
  'RESEARCHER_REVIEW',
  'NOT_QUALITY',
  'OTHER',
] as const;
export type GdqCategory = (typeof GDQ_CATEGORIES)[number];

/**
 * Each reason of the cleaning (scoring's REASONS) in the frame. Quota and target trimming remove
 * good interviews to shape the sample: NOT_QUALITY, so a supplier does not read them as its fault.
 */
const MAP: Partial<Record<string, GdqCategory>> = {
  manual: 'RESEARCHER_REVIEW',
  combined: 'MULTIPLE_QUALITY_ISSUES',
  quota: 'NOT_QUALITY',
  IS: 'INATTENTION',
  PS: 'INATTENTION',
  CS: 'INATTENTION',
  SDS: 'INATTENTION',
  TS: 'SPEEDING',
  IBS: 'STRAIGHTLINING',
  OES: 'OPEN_END_QUALITY',
  CON: 'INCONSISTENT_ANSWERS',
  target: 'NOT_QUALITY',
  BAS: 'SUSPICIOUS_BEHAVIOUR',
  DUP: 'DUPLICATE',
  // Answers that contradict each other, named by the optional coherence judge.
  COH: 'INCONSISTENT_ANSWERS',
};

export const gdqCategoryOf = (reason: string): GdqCategory => MAP[reason] ?? 'OTHER';

/** Every reason the cleaning can give, with its category: the pack's code sheet and the docs' table. */
export const reasonMap = (): { reason: string; category: GdqCategory }[] =>
  REASONS.map((reason) => ({ reason, category: gdqCategoryOf(reason) }));
