import { act, render, screen, within } from '@testing-library/react';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/app/providers';
import {
  barChart,
  histogramChart,
  shortChartLabel,
  timeSeriesChart,
  UplotChart,
  type ChartSpec,
} from '../../../web/components/charts/uplot-chart';
import { CHART_PALETTE } from '../../../web/components/charts/chart-theme';
import { formatNumber } from '../../../web/lib/format';
import { stubCanvas, stubResizeObserver } from '../../support/web/canvas';

// The shared chart component in happy-dom: uPlot draws on a recording canvas, so the test sees
// which labels it wrote and in which colours, and drives the cursor through uPlot's own API.

const de = (v: number) => formatNumber(v, 'de');
const MONTHS = ['Jan. 26', 'Feb. 26', 'März 26', 'Apr. 26'];

function monthSpec(): ChartSpec {
  return barChart({
    categories: MONTHS,
    bars: [
      { label: 'Live', values: [120, 0, 1500, 30] },
      { label: 'Manuell', values: [2000, 10, 2500, 0] },
    ],
    line: { label: 'Credits', values: [10_500, 60, 25_000, 180] },
    format: de,
  });
}

function Chart({
  spec,
  onReady,
  drawAfterPaint,
}: {
  spec: () => ChartSpec;
  onReady?: (u: uPlot) => void;
  drawAfterPaint?: boolean;
}) {
  const built = useMemo(() => spec(), [spec]);
  return (
    <AppProviders>
      <UplotChart
        spec={built}
        ariaLabel="Datendateien pro Monat"
        testId="chart"
        onReady={onReady}
        drawAfterPaint={drawAfterPaint}
      />
    </AppProviders>
  );
}

/** uPlot draws in a microtask after it is created (and after each change): let it. */
const drawn = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const texts = (calls: ReturnType<typeof stubCanvas>) =>
  calls.filter((c) => c.method === 'fillText').map((c) => String(c.args[0]));
const legendValues = () =>
  screen
    .getAllByTestId('chart-legend-item')
    .map((item) => [item.getAttribute('data-label'), within(item).getByTestId('chart-legend-value').textContent]);

describe('UplotChart', () => {
  it("draws stacked bars with a line on a second axis, labels formatted for the locale, and a legend with each series' sum", async () => {
    const calls = stubCanvas();
    stubResizeObserver();
    render(<Chart spec={monthSpec} />);
    await drawn();
    expect(screen.getByRole('img', { name: 'Datendateien pro Monat' }).querySelector('canvas')).not.toBeNull();
    const labels = texts(calls);
    // Category labels on the x axis, German thousands separators on both value axes.
    expect(labels).toEqual(expect.arrayContaining(['Jan. 26', 'März 26']));
    expect(labels.some((t) => /^\d{1,3}(\.\d{3})+$/.test(t))).toBe(true);
    expect(labels.some((t) => t === '25.000' || t === '20.000' || t === '30.000')).toBe(true);
    expect(legendValues()).toEqual([
      ['Live', '1.650'],
      ['Manuell', '4.510'],
      ['Credits', '35.740'],
    ]);
    // Themed: the bars and the line in the palette's colours (brand blue first).
    const fills = calls.filter((c) => c.method === 'set fillStyle').map((c) => c.args[0]);
    const strokes = calls.filter((c) => c.method === 'set strokeStyle').map((c) => c.args[0]);
    expect(fills).toEqual(expect.arrayContaining([CHART_PALETTE[0], CHART_PALETTE[1]]));
    expect(strokes).toContain(CHART_PALETTE[2]);
    const swatches = screen
      .getAllByTestId('chart-legend-item')
      .map((item) => (item.querySelector('span') as HTMLElement).className);
    expect(new Set(swatches).size).toBe(3);
  });

  it("shows the hovered category as heading and each series' value there", async () => {
    stubCanvas();
    stubResizeObserver();
    let plot!: uPlot;
    render(<Chart spec={monthSpec} onReady={(u) => (plot = u)} />);
    await drawn();
    act(() => plot.setCursor({ left: plot.valToPos(2, 'x'), top: 20 }));
    expect(screen.getByTestId('chart-legend-heading').textContent).toBe('März 26');
    expect(legendValues()).toEqual([
      ['Live', '1.500'],
      ['Manuell', '2.500'],
      ['Credits', '25.000'],
    ]);
    act(() => plot.setCursor({ left: -10, top: -10 }));
    expect(screen.queryByTestId('chart-legend-heading')).toBeNull();
    expect(legendValues()[0]).toEqual(['Live', '1.650']);
  });

  it('stacks: each bar series is drawn as the running sum, the tallest first', () => {
    stubCanvas();
    stubResizeObserver();
    let plot!: uPlot;
    render(<Chart spec={monthSpec} onReady={(u) => (plot = u)} />);
    expect(plot.data[1]).toEqual([2120, 10, 4000, 30]);
    expect(plot.data[2]).toEqual([120, 0, 1500, 30]);
    expect(plot.series.slice(1).map((s) => s.label)).toEqual(['Manuell', 'Live', 'Credits']);
  });

  it("follows its container's width and is destroyed on unmount", () => {
    stubCanvas();
    const resize = stubResizeObserver();
    let plot!: uPlot;
    const { unmount } = render(<Chart spec={monthSpec} onReady={(u) => (plot = u)} />);
    expect(plot.width).toBe(600);
    act(() => resize.resize(420));
    expect(plot.width).toBe(420);
    expect(plot.height).toBe(260);
    let destroyed = 0;
    const destroy = plot.destroy;
    plot.destroy = () => {
      destroyed++;
      destroy();
    };
    unmount();
    expect(destroyed).toBe(1);
    expect(resize.observing()).toBe(0);
  });

  it('with drawAfterPaint, draws only in a task after the frame after it, and not at all once unmounted before it', async () => {
    stubCanvas();
    stubResizeObserver();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => void (frames[id - 1] = () => undefined));
    try {
      const plots: uPlot[] = [];
      const { container, unmount } = render(<Chart spec={monthSpec} onReady={(u) => plots.push(u)} drawAfterPaint />);
      // The mounting frame is painted without the chart (its box holds the height).
      expect(plots).toHaveLength(0);
      expect(screen.getByTestId('chart-canvas')).toBeTruthy();
      await drawn();
      expect(plots).toHaveLength(0);
      act(() => frames.shift()!(0));
      await drawn();
      expect(plots).toHaveLength(0);
      act(() => frames.shift()!(0));
      expect(plots).toHaveLength(0);
      await drawn();
      expect(plots).toHaveLength(1);
      expect(container.querySelectorAll('.uplot')).toHaveLength(1);
      unmount();

      const late: uPlot[] = [];
      const second = render(<Chart spec={monthSpec} onReady={(u) => late.push(u)} drawAfterPaint />);
      second.unmount();
      for (const f of frames.splice(0)) f(0);
      await drawn();
      expect(late).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('draws anew for a new spec and drops the old plot', () => {
    stubCanvas();
    stubResizeObserver();
    const plots: uPlot[] = [];
    const first = () =>
      histogramChart({ edges: [0, 40, 60, 80, 100], counts: [3, 5, 20, 12], label: 'Interviews', format: de });
    const second = () => histogramChart({ edges: [0, 50, 100], counts: [1, 2], label: 'Interviews', format: de });
    const { rerender, container } = render(<Chart spec={first} onReady={(u) => plots.push(u)} />);
    expect(legendValues()).toEqual([['Interviews', '40']]);
    rerender(<Chart spec={second} onReady={(u) => plots.push(u)} />);
    expect(plots).toHaveLength(2);
    expect(container.querySelectorAll('.uplot')).toHaveLength(1);
    expect(plots[1]!.data[0]).toEqual([0, 1]);
    expect(legendValues()).toEqual([['Interviews', '3']]);
  });

  it('a time series formats clock times for the locale and sums its series', async () => {
    const calls = stubCanvas();
    stubResizeObserver();
    const start = Date.parse('2026-11-21T08:00:00.000Z');
    const times = Array.from({ length: 60 }, (_, i) => start + i * 60_000);
    const spec = () =>
      timeSeriesChart({
        times,
        series: [
          { label: 'Anfragen', values: times.map((_, i) => i % 7) },
          { label: 'Abgelehnt', values: times.map((_, i) => (i % 10 === 0 ? 1 : 0)) },
        ],
        intlLocale: 'de-DE',
        format: de,
      });
    let plot!: uPlot;
    render(<Chart spec={spec} onReady={(u) => (plot = u)} />);
    await drawn();
    expect(texts(calls).some((t) => /^\d{2}:\d{2}$/.test(t))).toBe(true);
    expect(legendValues()).toEqual([
      ['Anfragen', String(times.reduce((s, _, i) => s + (i % 7), 0))],
      ['Abgelehnt', '6'],
    ]);
    act(() => plot.setCursor({ left: plot.valToPos(times[30]!, 'x'), top: 20 }));
    expect(screen.getByTestId('chart-legend-heading').textContent).toMatch(/21\.11\.2026/);
  });

  it('cuts labels over 10 characters to 8 plus dots', () => {
    expect(shortChartLabel('Mobility Study 2026')).toBe('Mobility...');
    expect(shortChartLabel('Ten chars!')).toBe('Ten chars!');
  });
});
