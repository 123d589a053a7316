import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { REASONS, roundScore } from '../../../../scoring/index.ts';
import { useT, type Translate } from '../../../lib/i18n';
import './decision-table.css';

export interface DecisionTableProps {
  rows: number;
  recordId: (row: number) => string;
  combined: (row: number) => number;
  /** Masks of the latest run (EngineResult.kept / primary); null before the first. */
  kept: Uint8Array | null;
  primary: Int8Array | null;
  height?: number;
  /** Row clicked (manual include/exclude picks the interview this way). */
  onSelect?: (row: number) => void;
  selected?: number | null;
}

const ROW_HEIGHT = 32;

// The rows' height is the virtualizer's estimate too; the look is in decision-table.css (plain
// elements, one static sheet: styling 30 rows per slider step through components would cost more than
// the rest of the paint).
/**
 * The table's size from its ResizeObserver alone, whose first report comes after the browser's own
 * layout: the library's default also measures at once, in React's commit, which forces a layout of the
 * whole page there and again for the paint. The rows in view before that report come from `initialRect`.
 */
const observeRectAfterLayout: typeof observeElementRect = (instance, cb) => {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, cb);
  const observer = new ResizeObserver(() => cb({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
};

const Row = memo(function Row({
  row,
  top,
  id,
  score,
  kept,
  reason,
  selected,
  t,
}: {
  row: number;
  top: number;
  id: string;
  score: number;
  kept: number;
  reason: number;
  selected: boolean;
  t: Translate;
}) {
  return (
    <div
      role="row"
      data-row={row}
      data-kept={kept}
      data-selected={selected || undefined}
      aria-selected={selected}
      style={{ transform: `translateY(${top}px)` }}
    >
      <span role="cell">{row + 1}</span>
      <span role="cell" title={id}>
        {id}
      </span>
      <span role="cell">{Number.isNaN(score) ? '–' : roundScore(score)}</span>
      <span role="cell">{kept === 1 ? t('worksheet.kept') : kept === 0 ? t('worksheet.removed') : ''}</span>
      <span role="cell" title={reason >= 0 ? t(`worksheet.reasons.${REASONS[reason]}`) : undefined}>
        {reason >= 0 ? t(`worksheet.reasons.${REASONS[reason]}`) : ''}
      </span>
    </div>
  );
});

/**
 * The interviews with their kept/removed mark, virtualised: only the rows in view exist in the DOM
 * (a million interviews are as cheap as a hundred), and a row re-renders only when its mark changes.
 * Keep `recordId` and `combined` stable (useCallback), or every result re-renders every row.
 */
export const DecisionTable = memo(function DecisionTable({
  rows,
  recordId,
  combined,
  kept,
  primary,
  height = 480,
  onSelect,
  selected = null,
}: DecisionTableProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  // oxlint-disable-next-line react/incompatible-library -- the app does not use the React Compiler; rows are memoised by value, not through the virtualizer's functions
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // The first render already holds the rows in view: the table's height (inside its 1px border) is known
    // before it is measured.
    initialRect: { width: 0, height: height - 2 },
    observeElementRect: observeRectAfterLayout,
    overscan: 8,
  });
  return (
    <div
      ref={scroller}
      role="table"
      aria-label={t('worksheet.table.label')}
      data-testid="decision-table"
      className="decision-table"
      style={{ height: `${height}px` }}
      // One listener for all rows (event delegation): rows stay plain elements.
      onClick={
        onSelect
          ? (e) => {
              const row = (e.target as Element).closest('[data-row]')?.getAttribute('data-row');
              if (row !== null && row !== undefined) onSelect(Number(row));
            }
          : undefined
      }
    >
      <div role="rowgroup" className="decision-head">
        <div role="row" data-testid="decision-table-head">
          <span role="columnheader">{t('worksheet.table.row')}</span>
          <span role="columnheader">{t('worksheet.table.recordId')}</span>
          <span role="columnheader">{t('worksheet.table.combined')}</span>
          <span role="columnheader">{t('worksheet.table.decision')}</span>
          <span role="columnheader">{t('worksheet.table.reason')}</span>
        </div>
      </div>
      <div role="rowgroup" style={{ height: `${virtualizer.getTotalSize()}px`, position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <Row
            key={item.index}
            row={item.index}
            top={item.start}
            id={recordId(item.index)}
            score={combined(item.index)}
            kept={kept ? kept[item.index]! : -1}
            reason={primary ? primary[item.index]! : -1}
            selected={selected === item.index}
            t={t}
          />
        ))}
      </div>
    </div>
  );
});
