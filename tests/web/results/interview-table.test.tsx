import { act, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { ScoreCell } from '../../../web/features/results/components/cells';
import { InterviewTable, type GridColumn } from '../../../web/features/results/components/interview-table';
import { stubResizeObserver } from '../../support/web/canvas';

// The result page's interview table while scrolling (`npm run bench:results`):
// a scroll step must render the rows in view and nothing else. The Chakra frame and the header
// re-rendering on every scroll event, and Chakra style props on every score cell, cost enough
// script time per frame to drop frames on 100,000 interviews; these tests keep them out.

const ROWS = 10_000;

/** Columns whose header label counts its reads: the header reads every label each time it renders. */
function countingColumns() {
  const reads = { header: 0 };
  const column = (key: string, cell: GridColumn['cell']): GridColumn => ({
    key,
    width: '8rem',
    cell,
    get label() {
      reads.header++;
      return key;
    },
  });
  const columns = [
    column('#', (row) => String(row + 1)),
    column('combined', (row) => <ScoreCell value={(row * 7) % 101} kind="combined" />),
  ];
  return { columns, reads };
}

function Table({ columns }: { columns: GridColumn[] }) {
  const order = new Uint32Array(ROWS).map((_, i) => i);
  return (
    <AppProviders>
      <InterviewTable
        order={order}
        columns={columns}
        sort={null}
        onSort={() => {}}
        onOpen={() => {}}
        label="Interviews"
        testId="interview-table"
      />
    </AppProviders>
  );
}

/** happy-dom lays nothing out: the table's scroller reports the 520 px the page gives it, so the virtualizer has a window. */
const sizes = ['clientHeight', 'clientWidth'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();
const ownerOf = (name: string) => {
  let proto: object | null = HTMLElement.prototype;
  while (proto && !Object.getOwnPropertyDescriptor(proto, name)) proto = Object.getPrototypeOf(proto);
  return proto ?? HTMLElement.prototype;
};
beforeAll(() => {
  for (const name of sizes) {
    const owner = ownerOf(name);
    const original = Object.getOwnPropertyDescriptor(owner, name);
    saved.set(name, original);
    Object.defineProperty(owner, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute?.('role') === 'table'
          ? name === 'clientHeight'
            ? 520
            : 1200
          : (original?.get?.call(this) ?? 0);
      },
    });
  }
});
afterAll(() => {
  for (const name of sizes) Object.defineProperty(ownerOf(name), name, saved.get(name)!);
});

const shownRows = () =>
  [...document.querySelectorAll('[data-body] [data-row]')].map((r) => Number(r.getAttribute('data-row')));

describe('InterviewTable', () => {
  it('a scroll step renders the rows now in view without rendering the header again', async () => {
    const { columns, reads } = countingColumns();
    render(<Table columns={columns} />);
    const table = screen.getByTestId('interview-table');
    expect(shownRows()).toContain(0);
    const headerReads = reads.header;
    expect(headerReads).toBeGreaterThan(0);

    await act(async () => {
      table.scrollTop = 32 * 5000;
      table.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(shownRows()).toContain(5000);
    expect(shownRows()).not.toContain(0);
    expect(reads.header).toBe(headerReads);
  });

  // Reading the scroller's size or writing its offset while the rows mount forces Chromium to lay out the
  // whole page in the middle of that commit (30-200 ms on the result page's first load).
  it('mounts its rows without reading layout or writing the scroll offset; the size comes from a ResizeObserver', async () => {
    const observer = stubResizeObserver();
    const reads = { layout: 0 };
    const names = ['clientHeight', 'clientWidth', 'scrollHeight', 'scrollTop'] as const;
    const before = new Map(names.map((n) => [n, Object.getOwnPropertyDescriptor(ownerOf(n), n)]));
    for (const name of names)
      Object.defineProperty(ownerOf(name), name, {
        configurable: true,
        get(this: HTMLElement) {
          if (this.getAttribute?.('role') === 'table') reads.layout++;
          return before.get(name)?.get?.call(this) ?? 0;
        },
        set(this: HTMLElement, v: number) {
          before.get(name)?.set?.call(this, v);
        },
      });
    const scrollTo = vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(() => {});
    try {
      render(<Table columns={countingColumns().columns} />);
      expect(reads.layout).toBe(0);
      expect(scrollTo).not.toHaveBeenCalled();
      // The table's set height (520 px less its borders) gives the first rows before anything is measured.
      expect(shownRows()).toContain(15);
      expect(shownRows()).not.toContain(40);
      expect(observer.observing()).toBeGreaterThan(0);
      await act(async () => observer.resize(1200, 1000));
      expect(shownRows()).toContain(35);
    } finally {
      scrollTo.mockRestore();
      for (const name of names) Object.defineProperty(ownerOf(name), name, before.get(name)!);
      vi.unstubAllGlobals();
    }
  });

  it('score cells are plain elements (no per-cell style classes) styled by the table', () => {
    const { container } = render(
      <AppProviders>
        <ScoreCell value={87.4} kind="combined" />
        <ScoreCell value={Number.NaN} kind="combined" />
      </AppProviders>,
    );
    const cells = [...container.querySelectorAll('[data-score], [data-dot], [data-missing]')];
    expect(cells.map((c) => c.tagName)).toEqual(['SPAN', 'SPAN', 'SPAN']);
    expect(cells.every((c) => !c.hasAttribute('class'))).toBe(true);
    expect(container.querySelector('[data-score]')!.textContent).toBe('87');
    expect(container.querySelector('[data-missing]')!.textContent).toBe('–');
  });
});
