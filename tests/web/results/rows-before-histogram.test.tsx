import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import { ScoreTab } from '../../../web/features/results/components/score-tab';
import type { PlainTable } from '../../../web/features/results/data/protocol';
import { stubCanvas, stubResizeObserver } from '../../support/web/canvas';
import { resetAppState } from '../../support/web/render-app';

// The commit that first shows a score tab's rows holds no histogram: its legend's styled elements,
// the chart theme read from the page's computed styles and uPlot come after the browser painted the
// rows, in a box of the chart's height, and the chart then draws at once.

const rows = 40;
const data: PlainTable = {
  rows,
  numeric: { combined: Float64Array.from({ length: rows }, (_, i) => 40 + i) },
  text: { record_id: Array.from({ length: rows }, (_, i) => `r${i + 1}`) },
  fields: [
    { name: 'record_id', numeric: false },
    { name: 'combined', numeric: true },
  ],
};

describe('a score tab on its first frame', () => {
  beforeEach(() => {
    stubCanvas();
    stubResizeObserver();
  });
  afterEach(() => {
    resetAppState();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows its rows without the histogram, which mounts and draws after that frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    render(
      <AppProviders>
        <ScoreTab kind="combined" kinds={['combined']} data={data} careless={null} points={[]} onOpen={() => {}} />
      </AppProviders>,
    );
    expect(document.querySelector('[data-testid="interview-table"] [data-row]')).not.toBeNull();
    expect(screen.queryByTestId('histogram-combined')).toBeNull();
    expect(screen.getByTestId('histogram-combined-pending')).toBeTruthy();

    // The frame that shows the rows: nothing yet.
    await act(async () => {
      for (const cb of frames.splice(0)) cb(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByTestId('histogram-combined')).toBeNull();
    // The frame after it, then the task after that frame's callbacks.
    await act(async () => {
      for (const cb of frames.splice(0)) cb(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByTestId('histogram-combined-pending')).toBeNull();
    expect(screen.getByTestId('histogram-combined')).toBeTruthy();
    // Drawn in the commit that mounted it, not frames later.
    expect(document.querySelector('[data-testid="histogram-combined-canvas"] canvas')).not.toBeNull();
  });
});
