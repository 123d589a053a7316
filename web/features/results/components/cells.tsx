import { Badge } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AI_REASONS, GRID_LABELS, roundScore } from '../../../../scoring/index.ts';
import { formatNumber } from '../../../lib/format';
import type { Locale, Translate } from '../../../lib/i18n';
import type { PlainTable } from '../data/protocol';
import { GRID_LABEL_KEYS } from '../model/interview-reasons';
import { bandIndex, bandsOf, type ScoreKind, type TableColumn } from '../model/score-tabs';

export const DASH = '–';

/**
 * Plain elements styled by the table's stylesheet (web/components/table/grid-table.css: data-score, data-dot, data-missing):
 * the table mounts a row per scroll step, and Chakra style props on every cell cost script time in
 * each of those frames.
 */
export function ScoreCell({ value, kind }: { value: number; kind: ScoreKind }) {
  const v = roundScore(value);
  if (v === null) return <span data-missing="">{DASH}</span>;
  const band = bandsOf(kind)[bandIndex(bandsOf(kind), value)];
  return (
    <span data-score="" data-num="">
      <span data-dot="" style={{ background: band?.color ?? '#adb5bd' }} aria-hidden />
      {v}
    </span>
  );
}

/** Why an answer is AI suspect, in words ('' when it is not): the reason bits of scoring/text-ai.ts. */
export function aiReasonsText(bits: number, t: Translate): string {
  if (!bits) return '';
  return (Object.keys(AI_REASONS) as (keyof typeof AI_REASONS)[])
    .filter((k) => bits & AI_REASONS[k])
    .map((k) => t(`results.aiReasons.${k}`))
    .join('; ');
}

/** The cell of one explaining column for data row `row`. */
export function explainCell(
  column: TableColumn,
  data: PlainTable,
  locale: Locale,
  t: Translate,
): (row: number) => ReactNode {
  const values = data.numeric[column.name];
  if (!values) return () => DASH;
  switch (column.kind) {
    case 'score':
      return (row) => <ScoreCell value={values[row]!} kind={column.scoreKind ?? 'combined'} />;
    case 'ratio':
      return (row) => (Number.isNaN(values[row]!) ? DASH : `${formatNumber(values[row]!, locale, 2)}×`);
    case 'flag':
      return (row) => (values[row] === 1 ? t('results.yes') : '');
    case 'gridLabel':
      return (row) => {
        const code = values[row]!;
        return Number.isNaN(code) || code === 0
          ? DASH
          : t(`results.gridLabels.${GRID_LABEL_KEYS[GRID_LABELS[code] ?? 'none']}`);
      };
    case 'behaviour':
      return (row) => {
        const code = values[row]!;
        return Number.isNaN(code) || code === 0 ? DASH : t(`results.behaviourCategories.${code}`);
      };
    case 'effort':
      return (row) => (Number.isNaN(values[row]!) || values[row] === 0 ? DASH : t(`results.effort.${values[row]}`));
    case 'category': {
      const source = data.numeric[column.source];
      const reasons = data.numeric[column.reasons];
      return (row) => {
        const code = values[row]!;
        if (Number.isNaN(code)) return DASH;
        const why = aiReasonsText(reasons?.[row] ?? 0, t);
        return (
          <>
            {why ? (
              <span title={t('results.aiSuspectHint', { reasons: why })} data-testid="ai-suspect">
                {t(`results.categories.${code}`)}
              </span>
            ) : (
              t(`results.categories.${code}`)
            )}
            {source?.[row] === 1 ? (
              <Badge ml="1.5" size="xs" colorPalette="purple" title={t('results.aiJudgeHint')} data-testid="ai-marker">
                {t('results.aiJudge')}
              </Badge>
            ) : null}
          </>
        );
      };
    }
    default: {
      const digits = column.kind === 'number' ? (column.digits ?? 0) : 0;
      return (row) =>
        Number.isNaN(values[row]!)
          ? DASH
          : formatNumber(values[row]!, locale, Number.isInteger(values[row]!) ? 0 : Math.max(digits, 2));
    }
  }
}
