import { elementScroll, useVirtualizer, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { memo, useState, type ReactNode } from 'react';
import '../../../components/table/grid-table.css';

/** One column of the virtualised table: a header, a width and the cell of a row (a data row index). */
export interface GridColumn {
  key: string;
  label: string;
  width: string;
  cell: (row: number) => ReactNode;
  /** Numeric value for sorting; absent = not sortable. */
  sortable?: boolean;
}

export type SortState = { key: string; descending: boolean } | null;

/** The body rows' height (grid-table.css sets the same). */
const ROW_HEIGHT = 32;

/**
 * The virtualizer writes the offset it holds when it mounts (0 on a new table); in Chromium that
 * write forces the page's style and layout in the middle of the commit (up to 200 ms on the result
 * page's first load). A write of the offset the virtualizer already holds is skipped; every other goes through.
 */
const scrollToOffset: VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] = (offset, options, instance) => {
  if (!options.behavior && offset + (options.adjustments ?? 0) === (instance.scrollOffset ?? 0)) return;
  elementScroll(offset, options, instance);
};

/**
 * The scroller's size from a ResizeObserver only. The virtualizer's default also reads
 * clientWidth/clientHeight when it mounts, which forced a style and layout pass of the whole page in
 * the middle of the commit that first shows the rows (30-110 ms on the result page's first load);
 * until the observer reports, `initialRect` (the table's set height) gives the rows in view.
 */
function observeRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element) return undefined;
  if (typeof ResizeObserver === 'undefined') {
    cb({ width: element.clientWidth, height: element.clientHeight });
    return undefined;
  }
  const observer = new ResizeObserver(([entry]) => {
    if (entry) cb({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

const Row = memo(function Row({
  index,
  row,
  top,
  columns,
  template,
  onOpen,
}: {
  index: number;
  row: number;
  top: number;
  columns: readonly GridColumn[];
  template: string;
  onOpen: (row: number) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row={row}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: template }}
      onClick={() => onOpen(row)}
    >
      {columns.map((c) => (
        <span role="cell" key={c.key}>
          {c.cell(row)}
        </span>
      ))}
    </div>
  );
});

/**
 * Interviews as a virtualised grid: only the rows in view exist in the DOM (the same technique as
 * the worksheet's DecisionTable, @tanstack/react-virtual), so 100,000 interviews scroll like 100.
 * `order` lists the data rows in display order (sorted and filtered by the caller).
 */
export function InterviewTable({
  order,
  columns,
  sort,
  onSort,
  onOpen,
  label,
  height = 520,
  testId,
}: {
  order: Uint32Array;
  columns: readonly GridColumn[];
  sort: SortState;
  onSort: (key: string) => void;
  onOpen: (row: number) => void;
  label: string;
  height?: number;
  testId: string;
}) {
  // The scroller is state, not a ref, so the body mounts once it exists and its virtualizer never sees null.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const template = columns.map((c) => c.width).join(' ');
  return (
    // Plain elements and grid-table.css: the table's frame computes no styles when it renders.
    <div
      ref={setScroller}
      className="grid-table"
      role="table"
      aria-label={label}
      aria-rowcount={order.length + 1}
      data-testid={testId}
      // A data grid with a column per score or uploaded answer: it scrolls sideways on purpose.
      data-wide-grid=""
      style={{ height: `${height}px` }}
    >
      <div role="rowgroup" data-head="">
        <div role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
          {columns.map((c) => (
            <span
              role="columnheader"
              key={c.key}
              title={c.label}
              aria-sort={sort?.key === c.key ? (sort.descending ? 'descending' : 'ascending') : undefined}
            >
              {c.sortable ? (
                <button type="button" onClick={() => onSort(c.key)} data-testid={`sort-${c.key}`}>
                  {c.label}
                  {sort?.key === c.key ? (sort.descending ? ' ▼' : ' ▲') : ''}
                </button>
              ) : (
                c.label
              )}
            </span>
          ))}
        </div>
      </div>
      {scroller && (
        <Body scroller={scroller} height={height} order={order} columns={columns} template={template} onOpen={onOpen} />
      )}
    </div>
  );
}

/**
 * The rows in view. The virtualizer re-renders its component on every scroll event, so it lives
 * here, apart from the frame and the header: a scroll frame renders the rows in view only.
 */
function Body({
  scroller,
  height,
  order,
  columns,
  template,
  onOpen,
}: {
  scroller: HTMLDivElement;
  height: number;
  order: Uint32Array;
  columns: readonly GridColumn[];
  template: string;
  onOpen: (row: number) => void;
}) {
  // oxlint-disable-next-line react/incompatible-library -- the app does not use the React Compiler; rows are memoised by value
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The table's height less its two 1px borders (border-box).
    initialRect: { width: 0, height: height - 2 },
    observeElementRect: observeRect,
    scrollToFn: scrollToOffset,
  });
  return (
    <div
      role="rowgroup"
      data-body=""
      style={{ height: `${virtualizer.getTotalSize()}px`, position: 'relative', minWidth: 'max-content' }}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <Row
          key={item.index}
          index={item.index}
          row={order[item.index]!}
          top={item.start}
          columns={columns}
          template={template}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}

/** Data rows in display order: those passing `keep`, sorted by `value` (no value last), stable by row. */
export function orderRows(
  rows: number,
  keep: ((row: number) => boolean) | null,
  value: ((row: number) => number) | null,
  descending: boolean,
): Uint32Array {
  let order: Uint32Array;
  if (keep) {
    const picked = new Uint32Array(rows);
    let n = 0;
    for (let i = 0; i < rows; i++) if (keep(i)) picked[n++] = i;
    order = picked.slice(0, n);
  } else {
    order = new Uint32Array(rows);
    for (let i = 0; i < rows; i++) order[i] = i;
  }
  if (!value) return order;
  // Sort keys once into a typed array: the comparator then reads two numbers, not two closures.
  const keys = new Float64Array(rows);
  for (let i = 0; i < order.length; i++) keys[order[i]!] = value(order[i]!);
  const sign = descending ? -1 : 1;
  return order.sort((a, b) => {
    const x = keys[a]!,
      y = keys[b]!;
    const xn = Number.isNaN(x),
      yn = Number.isNaN(y);
    if (xn || yn) return xn === yn ? a - b : xn ? 1 : -1;
    return x === y ? a - b : (x < y ? -1 : 1) * sign;
  });
}
