// Scoring one live respondent with the scoring facade (deps.scoring), the Time-Score against the
// running median of the respondents stored before it (at least 30 valid records, the respondent
// itself included). The published revision re-scores everybody against the whole sample
// (live-publish.ts), which is how earlier respondents follow the median.
import { DEFAULT_RULES, type Scoring } from '../../../scoring/index.ts';
import type { LiveAnswer, LiveScores } from '../../../db/schema';
import { creditsForInterviews } from '../credits';
import type { LivePage } from './live-config';

export const TS_MIN_RECORDS = 30;

/** Sorted valid durations of one metric; insertion keeps the order (100k values: ~20 µs a move). */
export class RunningMedian {
  #a = new Float64Array(64);
  #n = 0;
  get size() {
    return this.#n;
  }
  #lowerBound(v: number) {
    let lo = 0;
    let hi = this.#n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#a[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  add(v: number) {
    if (!(v > 0)) return;
    if (this.#n === this.#a.length) {
      const b = new Float64Array(this.#a.length * 2);
      b.set(this.#a);
      this.#a = b;
    }
    const i = this.#lowerBound(v);
    this.#a.copyWithin(i + 1, i, this.#n);
    this.#a[i] = v;
    this.#n++;
  }
  /** Median of the stored values plus `extra` (when valid); NaN below `min` values. */
  medianWith(extra: number, min = TS_MIN_RECORDS): number {
    const valid = extra > 0;
    const n = this.#n + (valid ? 1 : 0);
    if (n < min || n === 0) return NaN;
    const at = valid ? this.#lowerBound(extra) : this.#n;
    const get = (j: number) => (!valid || j < at ? this.#a[j]! : j === at ? extra : this.#a[j - 1]!);
    return n % 2 ? get((n - 1) / 2) : (get(n / 2 - 1) + get(n / 2)) / 2;
  }
}

/** Running medians of one datafile: the total time and each page's time. */
export class LiveMedians {
  readonly total = new RunningMedian();
  readonly pages = new Map<string, RunningMedian>();
  page(label: string) {
    let m = this.pages.get(label);
    if (!m) this.pages.set(label, (m = new RunningMedian()));
    return m;
  }
  add(totalSeconds: number | null, answers: Record<string, LiveAnswer>) {
    if (totalSeconds !== null) this.total.add(totalSeconds);
    for (const [label, a] of Object.entries(answers))
      if (typeof a.seconds === 'number') this.page(label).add(a.seconds);
  }
}

export type ScoredRespondent = { scores: LiveScores; credits: number; extremelySlow: boolean };

const one = (v: number | null | undefined) => Float64Array.of(v === null || v === undefined ? NaN : v);
const orNull = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);

/** Time-Score of one respondent: half the total's score and half the mean of the pages' scores. */
export function timeScore(
  scoring: Pick<Scoring, 'timeScoreOf'>,
  medians: LiveMedians,
  pages: readonly LivePage[],
  total: number | null,
  answers: Record<string, LiveAnswer>,
) {
  let slow = false;
  const scoreOf = (v: number | null | undefined, m: RunningMedian): number | null => {
    if (typeof v !== 'number' || !(v > 0)) return null;
    const med = m.medianWith(v);
    if (Number.isNaN(med)) return null;
    if (v / med > 10) slow = true;
    return scoring.timeScoreOf(v / med);
  };
  const t = scoreOf(total, medians.total);
  const pageScores = pages
    .map((p) => scoreOf(answers[p.label]?.seconds, medians.page(p.label)))
    .filter((s): s is number => s !== null);
  const pageMean = pageScores.length ? pageScores.reduce((a, b) => a + b, 0) / pageScores.length : null;
  const ts = t !== null && pageMean !== null ? 0.5 * t + 0.5 * pageMean : (t ?? pageMean);
  return { ts, slow };
}

/**
 * Durations sent (total and pages) that get a Time-Score against `medians`: a metric's median needs
 * TS_MIN_RECORDS valid values, this respondent's included, as in timeScore. Only these are charged
 * (one credit per scored data point): a duration sent before its median exists is scored by nobody.
 */
export function timedCount(
  medians: LiveMedians,
  pages: readonly LivePage[],
  total: number | null,
  answers: Record<string, LiveAnswer>,
) {
  const timed = (v: number | null | undefined, m: RunningMedian) =>
    typeof v === 'number' && v > 0 && m.size + 1 >= TS_MIN_RECORDS;
  let n = timed(total, medians.total) ? 1 : 0;
  for (const p of pages) if (timed(answers[p.label]?.seconds, medians.page(p.label))) n++;
  return n;
}

/**
 * What a respondent scores before the charge (which needs the credits): open answers, grids, how
 * many of its durations the medians seen so far can score (`timed`) and the credits. The Time-Score
 * and what depends on it follow inside the charge's transaction (finishRespondent), against the
 * medians of the respondents stored before this one; the charge checks there that `timed` still holds.
 */
export type PreparedRespondent = {
  credits: number;
  timed: number;
  categories: Record<string, number>;
  grids: Record<string, number | null>;
  oes: ReturnType<Scoring['oes']> | undefined;
  ibs: ReturnType<Scoring['ibs']> | undefined;
  behaviour: Record<string, number>;
  bas: ReturnType<Scoring['bas']> | undefined;
};

/**
 * The behaviour category of each open answer that came with behaviour fields, and the BAS over
 * them; nothing when no page sent any (the respondent then scores as without paradata).
 */
export function behaviourOf(
  scoring: Pick<Scoring, 'behaviourCategories' | 'bas'>,
  pages: readonly LivePage[],
  answers: Record<string, LiveAnswer>,
) {
  const recorded = pages.filter((p) => p.criterion === 'OES' && answers[p.label]?.behaviour);
  const behaviour: Record<string, number> = {};
  if (!recorded.length) return { behaviour, bas: undefined };
  const codes = scoring.behaviourCategories(
    recorded.map((p) => {
      const a = answers[p.label]!;
      const b = a.behaviour!;
      return {
        length: typeof a.answer === 'string' ? a.answer.length : Number.NaN,
        keys: b.keys ?? Number.NaN,
        ikiMedianMs: b.ikiMedianMs ?? Number.NaN,
        ikiIqrMs: b.ikiIqrMs ?? Number.NaN,
        regularShare: b.regularShare ?? Number.NaN,
        pastedChars: b.pastedChars ?? Number.NaN,
        pastesAfterSwitch: b.pastesAfterSwitch ?? Number.NaN,
        unexplainedChars: b.unexplainedChars ?? Number.NaN,
      };
    }),
  );
  recorded.forEach((p, i) => (behaviour[p.label] = codes[i]!));
  return { behaviour, bas: scoring.bas(Array.from(codes, (c) => Int32Array.of(c))) };
}

export function prepareRespondent(
  scoring: Scoring,
  medians: LiveMedians,
  pages: readonly LivePage[],
  total: number | null,
  answers: Record<string, LiveAnswer>,
): PreparedRespondent {
  const open = pages.filter((p) => p.criterion === 'OES');
  const categories: Record<string, number> = {};
  let oes: ReturnType<Scoring['oes']> | undefined;
  if (open.length) {
    const result = scoring.classifyOpenEnded(
      open.map((p) => {
        const a = answers[p.label];
        return {
          text: p.questionTitle,
          keywords: p.keywords,
          allowedLanguages: p.languages,
          topicCheck: p.contextCheck,
          // One answer has no other respondents to repeat: duplicates are found when the revision
          // re-scores everybody (live-publish.ts). Off here, the call costs ~25 µs instead of ~650 µs
          // (the duplicate pass sets up its tables per call).
          duplicateDetection: false,
          answers: [a?.answer ?? null],
          // Paradata feed the copy-paste and AI suspect rules only where the page asks for it.
          ...(p.copyPasteCheck
            ? {
                paradata: {
                  seconds: one(a?.seconds),
                  pastes: one(a?.pastes),
                  keystrokes: one(a?.keystrokes),
                  pastedChars: one(a?.behaviour?.pastedChars),
                  unexplainedChars: one(a?.behaviour?.unexplainedChars),
                  typingMs: one(a?.behaviour?.typingMs),
                },
              }
            : {}),
        };
      }),
    );
    open.forEach((p, i) => (categories[p.label] = result.categories[i]![0]!));
    oes = scoring.oes(result.categories);
  }

  const gridPages = pages.filter((p) => p.criterion === 'IBS');
  const grids: Record<string, number | null> = {};
  let ibs: ReturnType<Scoring['ibs']> | undefined;
  if (gridPages.length) {
    const scored = gridPages.map((p) => {
      const items = answers[p.label]?.items ?? [];
      const g = scoring.gridScores(
        Array.from({ length: p.items! }, (_, k) => one(items[k])),
        { min: p.min!, max: p.max! },
      );
      grids[p.label] = orNull(g.scores[0]);
      return g;
    });
    // One respondent has no file to compare with, and live grids have 7 items or more, so every line
    // counts in full here; the published revision re-scores everybody with the file's shares.
    ibs = scoring.ibs(
      scored.map((g) => g.scores),
      { labels: scored.map((g) => g.labels), items: gridPages.map((p) => p.items!) },
    );
  }
  // Credits come from what is scored: durations only once their median exists (a resend is answered
  // from the store, so it costs what the first one did).
  const timed = timedCount(medians, pages, total, answers);
  const credits = creditsForInterviews(scoring, [
    Float64Array.of(timed),
    ibs?.dataPoints ?? one(0),
    oes?.dataPoints ?? one(0),
  ])[0]!;
  return { credits, timed, categories, grids, oes, ibs, ...behaviourOf(scoring, pages, answers) };
}

/** The Time-Score against `medians` (the respondents stored before this one), the combined score and the decision. */
export function finishRespondent(
  scoring: Scoring,
  prepared: PreparedRespondent,
  medians: LiveMedians,
  pages: readonly LivePage[],
  total: number | null,
  answers: Record<string, LiveAnswer>,
): ScoredRespondent {
  const { oes, ibs, bas } = prepared;
  const { ts, slow } = timeScore(scoring, medians, pages, total, answers);
  const tsCol = one(ts);
  const subscores = {
    ts: tsCol,
    ...(oes ? { oes: oes.score } : {}),
    ...(ibs ? { ibs: ibs.score } : {}),
    ...(bas ? { bas: bas.score } : {}),
  };
  const { combined } = scoring.combined(subscores, 1);
  const cleaning = scoring.clean(
    {
      rows: 1,
      scores: { combined, ...subscores },
      dataPoints: {
        ...(oes ? { oes: oes.dataPoints } : {}),
        ...(ibs ? { ibs: ibs.dataPoints } : {}),
        ...(bas ? { bas: bas.dataPoints } : {}),
      },
      ...(oes ? { badAnswers: oes.badAnswers } : {}),
    },
    DEFAULT_RULES,
  );
  return {
    scores: {
      ts,
      oes: orNull(oes?.score[0]),
      ibs: orNull(ibs?.score[0]),
      combined: orNull(combined[0]),
      categories: prepared.categories,
      grids: prepared.grids,
      bas: orNull(bas?.score[0]),
      behaviour: prepared.behaviour,
      kept: cleaning.kept[0] === 1,
    },
    credits: prepared.credits,
    extremelySlow: slow,
  };
}

/** Both steps at once (a test respondent, and tests that replay the stored order). */
export function scoreRespondent(
  scoring: Scoring,
  medians: LiveMedians,
  pages: readonly LivePage[],
  total: number | null,
  answers: Record<string, LiveAnswer>,
): ScoredRespondent {
  return finishRespondent(
    scoring,
    prepareRespondent(scoring, medians, pages, total, answers),
    medians,
    pages,
    total,
    answers,
  );
}
