// Reference cleaning, written as the rule reads: OR rules (or at least k failing checks), manual
// override, quota trimming, then target trimming. Sorting makes the tie rule explicit; the WASM
// kernel selects instead.
import {
  CHECK_BAD_ANSWERS,
  REASONS,
  RULE_KEYS,
  type CleaningInput,
  type CleaningResult,
  type CleaningRules,
} from './types.ts';

const reasonIndex = (r: (typeof REASONS)[number]) => REASONS.indexOf(r);
const RULE_REASON = {
  combined: 'combined',
  is: 'IS',
  ps: 'PS',
  cs: 'CS',
  sds: 'SDS',
  ts: 'TS',
  ibs: 'IBS',
  oes: 'OES',
  con: 'CON',
  bas: 'BAS',
  coh: 'COH',
} as const;

export function referenceClean(input: CleaningInput, rules: CleaningRules, version: string): CleaningResult {
  const n = input.rows;
  const kept = new Uint8Array(n),
    reasons = new Uint16Array(n),
    primary = new Int8Array(n).fill(-1),
    checks = new Uint16Array(n);
  // Each enabled score rule and the bad-answers rule is one check; at least `least` must fail.
  const least = Math.max(1, rules.minFailing ?? 1);
  const manual = (i: number) => input.manual?.[i] ?? 0;
  const exclude = (i: number, reason: number) => {
    kept[i] = 0;
    reasons[i]! |= 1 << reason;
    if (primary[i]! < 0 || reason < primary[i]!) primary[i] = reason;
  };
  for (let i = 0; i < n; i++) {
    let fired = 0,
      failing = 0;
    RULE_KEYS.forEach((key, s) => {
      const rule = rules.rules[key] ?? { enabled: false, threshold: 0, minDataPoints: 0 };
      const v = input.scores[key]?.[i] ?? NaN;
      const dp = input.dataPoints?.[key]?.[i] ?? 0;
      if (rule.enabled && !Number.isNaN(v) && v < rule.threshold && dp >= rule.minDataPoints) {
        fired |= 1 << reasonIndex(RULE_REASON[key]);
        checks[i]! |= 1 << s;
        failing++;
      }
    });
    if (rules.badAnswers.enabled && (input.badAnswers?.[i] ?? 0) >= rules.badAnswers.min) {
      fired |= 1 << reasonIndex('OES');
      checks[i]! |= 1 << CHECK_BAD_ANSWERS;
      failing++;
    }
    if (failing < least) fired = 0;
    // A duplicate respondent is removed on its own (not a check of k-of-n); a manual keep overrides it.
    if (input.duplicate?.[i] === 1) fired |= 1 << reasonIndex('DUP');
    if (manual(i) === 1) fired |= 1 << reasonIndex('manual');
    if (manual(i) === 2 || fired === 0) {
      kept[i] = 1;
      continue;
    }
    reasons[i] = fired;
    primary[i] = Math.log2(fired & -fired);
  }
  const combined = input.scores.combined;
  const key = (i: number) => {
    const v = combined?.[i] ?? NaN;
    return Number.isNaN(v) ? -1 : v;
  };
  // Lowest combined first (null lowest); among equals the later row goes first.
  const trim = (candidates: number[], drop: number, reason: number) => {
    [...candidates]
      .sort((a, b) => key(a) - key(b) || b - a)
      .slice(0, Math.max(0, drop))
      .forEach((i) => exclude(i, reason));
  };
  if (input.quota) {
    input.quota.targets.forEach((target, c) => {
      const inCell = [...Array(n).keys()].filter((i) => kept[i] === 1 && input.quota!.cell[i] === c);
      const over = inCell.length - Math.floor(target);
      if (target >= 0 && over > 0)
        trim(
          inCell.filter((i) => manual(i) !== 2),
          over,
          reasonIndex('quota'),
        );
    });
  }
  const target = rules.target;
  const keptRows = () => [...Array(n).keys()].filter((i) => kept[i] === 1);
  if (target && target.n > 0 && target.trim && keptRows().length > target.n) {
    const drop = keptRows().length - Math.floor(target.n);
    trim(
      keptRows().filter((i) => manual(i) !== 2),
      drop,
      reasonIndex('target'),
    );
  }
  return { kept, reasons, primary, checks, keptCount: keptRows().length, version };
}
