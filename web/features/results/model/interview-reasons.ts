// Why one interview got its scores, as sentences in the reader's language: the few stored columns
// behind each score (time against the median, each grid's pattern, the unusable open answers, how
// many scores were combined), read from a one-row table of the columns route. Pure: the dialog and
// its test share it.
import { GRID_LABELS, roundScore } from '../../../../scoring/index.ts';
import type { PlainTable } from '../data/protocol';
import { SCORE_KINDS, type ResultDataPoint, type ScoreKind } from './score-tabs';

type T = (key: string, params?: Record<string, string | number>) => string;
type Format = (value: number, digits: number) => string;

/** Locale keys of the grid label codes (scores.arrow `grid.<id>.label`, the order of GRID_LABELS). */
export const GRID_LABEL_KEYS: Record<(typeof GRID_LABELS)[number], string> = {
  none: 'none',
  OK: 'ok',
  Straightliner: 'straightliner',
  'Partial Straightliner': 'partialStraightliner',
  Pattern: 'pattern',
  Inconsistent: 'inconsistent',
};

export type InterviewReason = { kind: ScoreKind; text: string };

/**
 * One sentence per score the interview has (and one per flagged grid), in SCORE_KINDS order.
 * `timeRatio` is the interview's total duration over the file's median (the page computes it over
 * all rows), undefined when the file has no total duration.
 */
export function interviewReasons(
  table: PlainTable,
  points: readonly ResultDataPoint[],
  timeRatio: number | undefined,
  t: T,
  format: Format,
): InterviewReason[] {
  const num = (name: string): number => table.numeric[name]?.[0] ?? Number.NaN;
  const out: InterviewReason[] = [];
  for (const kind of SCORE_KINDS) {
    const score = roundScore(num(kind));
    if (score === null) continue;
    const name = t(`results.kinds.${kind}`);
    switch (kind) {
      case 'combined':
        out.push({
          kind,
          text: t('results.why.combined', { score, n: format(num('combined.n_subscores'), 0) }),
        });
        break;
      case 'ts': {
        const slow = num('ts.extremely_slow') === 1 ? ` ${t('results.why.extremelySlow')}` : '';
        out.push({
          kind,
          text:
            timeRatio !== undefined && Number.isFinite(timeRatio)
              ? t('results.why.time', { ratio: format(timeRatio, 2), name, score }) + slow
              : t('results.why.score', { name, score }) + slow,
        });
        break;
      }
      case 'ibs':
        for (const p of points.filter((x) => x.dataPointType === 'ITEM_BATTERY')) {
          const code = num(`grid.${p.dataPointIdentifier}.label`);
          const label = GRID_LABELS[code];
          if (!label || label === 'none') continue;
          out.push({
            kind,
            text: t('results.why.grid', {
              grid: p.questionTitle || p.dataPointIdentifier,
              label: t(`results.gridLabels.${GRID_LABEL_KEYS[label]}`),
              score: format(roundScore(num(`grid.${p.dataPointIdentifier}.score`)) ?? Number.NaN, 0),
            }),
          });
        }
        out.push({ kind, text: t('results.why.score', { name, score }) });
        break;
      case 'oes': {
        const open = points.filter((x) => x.dataPointType === 'OPEN_ENDED').length;
        const bad = num('oes.bad_answers');
        out.push({
          kind,
          text: Number.isNaN(bad)
            ? t('results.why.score', { name, score })
            : t('results.why.open', { bad: format(bad, 0), n: format(open, 0), name, score }),
        });
        break;
      }
      default:
        out.push({ kind, text: t('results.why.score', { name, score }) });
    }
  }
  return out;
}

/** Each open question of the interview: its title, the answer as given and its category code (NaN = none). */
export function openAnswers(
  table: PlainTable,
  points: readonly ResultDataPoint[],
  rawPrefix: string,
): { column: string; title: string; answer: string | null; category: number; byJudge: boolean }[] {
  return points
    .filter((p) => p.dataPointType === 'OPEN_ENDED' && p.columns[0])
    .map((p) => {
      const column = p.columns[0]!;
      return {
        column,
        title: p.questionTitle || column,
        answer: table.text[`${rawPrefix}${column}`]?.[0] ?? null,
        category: table.numeric[`oes.${column}.category`]?.[0] ?? Number.NaN,
        byJudge: table.numeric[`oes.${column}.source`]?.[0] === 1,
      };
    });
}
