import { Box } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useState, type ReactNode } from 'react';

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

const ROW_HEIGHT = 32;

const TABLE_CSS = {
  '& [role=row]': {
    display: 'grid',
    alignItems: 'center',
    px: '3',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    minWidth: 'max-content',
    columnGap: '3',
  },
  '& [data-body] [role=row]': { position: 'absolute', left: 0, height: `${ROW_HEIGHT}px`, cursor: 'pointer' },
  '& [data-body] [role=row]:hover': { bg: 'bg.muted' },
  '& [role=cell], & [role=columnheader]': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& [role=columnheader]': { fontWeight: 'semibold', fontSize: 'xs', color: 'fg.muted', py: '2' },
  '& [role=columnheader] button': {
    all: 'unset',
    cursor: 'pointer',
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& [role=columnheader] button:focus-visible': { outline: '2px solid', outlineColor: 'blue.500' },
  '& [data-num]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  // ScoreCell (cells.tsx): plain elements, styled here once rather than by style props per cell.
  '& [data-score]': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
  '& [data-dot]': { width: '2.5', height: '2.5', rounded: 'full', flexShrink: 0 },
  '& [data-missing]': { color: 'fg.subtle' },
} as const;

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
    <Box
      ref={setScroller}
      role="table"
      aria-label={label}
      aria-rowcount={order.length + 1}
      data-testid={testId}
      // A data grid with a column per score or uploaded answer: it scrolls sideways on purpose.
      data-wide-grid=""
      h={`${height}px`}
      overflow="auto"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="md"
      fontSize="sm"
      css={TABLE_CSS}
    >
      <Box role="rowgroup" position="sticky" top="0" zIndex="1" bg="bg" minW="max-content">
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
      </Box>
      {scroller && <Body scroller={scroller} order={order} columns={columns} template={template} onOpen={onOpen} />}
    </Box>
  );
}

/**
 * The rows in view. The virtualizer re-renders its component on every scroll event, so it lives
 * here, apart from the Chakra frame and the header: a scroll frame then renders plain elements
 * only (the frame's style props cost a few ms per render, which dropped frames while scrolling).
 */
function Body({
  scroller,
  order,
  columns,
  template,
  onOpen,
}: {
  scroller: HTMLDivElement;
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
  });
  return (
    <div
      role="rowgroup"
      data-body
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
