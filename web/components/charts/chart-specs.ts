import uPlot from 'uplot';
import type { ChartTheme } from './chart-theme';
import { withAlpha } from './chart-theme';

/**
 * What <UplotChart> draws: uPlot's aligned data, its options for a theme, and the legend the
 * component renders itself (uPlot's own legend is a table that neither follows the theme nor the
 * locale). Build one with barChart, histogramChart or timeSeriesChart, or by hand for other charts.
 * Keep a spec stable (useMemo): a new spec draws the chart anew.
 */
export type ChartSpec = {
  data: uPlot.AlignedData;
  /** uPlot options except size and legend, which the component owns. */
  options: (theme: ChartTheme) => Omit<uPlot.Options, 'width' | 'height' | 'legend'>;
  legend: LegendEntry[];
  /** The x value of data index `idx` as text: the legend's heading while a point is hovered. */
  xLabelAt: (idx: number) => string;
};

export type LegendEntry = {
  label: string;
  color: string;
  kind: 'bar' | 'line';
  /** Shown while no point is hovered, e.g. the series' sum over the chart (absent: nothing). */
  summary?: string;
  /** The series' value at data index `idx`, as text. */
  valueAt: (idx: number) => string;
};

/** Chart labels over 10 characters are cut to 8 plus dots. */
export function shortChartLabel(label: string): string {
  return label.length > 10 ? `${label.slice(0, 8)}...` : label;
}

/** Whole-number steps for count axes (no 2.5 files). */
const COUNT_INCRS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 2.5e3, 5e3, 1e4, 2e4, 2.5e4, 5e4, 1e5, 2e5, 2.5e5, 5e5, 1e6,
  2e6, 2.5e6, 5e6, 1e7, 2e7, 5e7, 1e8, 1e9,
];

/** A y axis wide enough for its longest label (uPlot's default of 50 px cuts "1.250.000"). */
function valueAxis(theme: ChartTheme, scale: string, format: (v: number) => string, side: 1 | 3 = 3): uPlot.Axis {
  return {
    scale,
    side,
    stroke: theme.text,
    font: theme.font,
    incrs: COUNT_INCRS,
    grid: { show: side === 3, stroke: theme.grid, width: 1 },
    ticks: { show: false },
    values: (_u, splits) => splits.map((v) => format(v)),
    size: (_u, values) => 16 + Math.max(2, ...(values ?? []).map((v) => String(v).length)) * 7,
  };
}

/** A count scale from zero with a little headroom (bars stand on the axis). */
const fromZero = (): uPlot.Scale => ({
  range: (_u, _min, max) => uPlot.rangeNum(0, max > 0 ? max : 1, 0.1, true) as uPlot.Range.MinMax,
});

const sum = (values: readonly (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

/**
 * Bars per category (months, score bands, histogram bins); several bar series are stacked in the
 * order given (the first at the bottom), and an optional line series runs on a second axis on
 * the right (e.g. credits beside counts). Labels over 10 characters are shortened
 * (to 8 plus dots); the legend shows each series' sum, or its value in the hovered category.
 */
export function barChart(input: {
  categories: readonly string[];
  /** `categoryColors`: one colour per category for this series' bars (e.g. each score band's traffic light); the legend keeps `color`. */
  bars: readonly { label: string; values: readonly number[]; color?: string; categoryColors?: readonly string[] }[];
  line?: { label: string; values: readonly number[]; color?: string; format?: (v: number) => string };
  format: (v: number) => string;
  /** Categories as the legend heading names them (default: the category itself). */
  categoryTitle?: (idx: number) => string;
}): ChartSpec {
  const n = input.categories.length;
  const x = Array.from({ length: n }, (_, i) => i);
  // Stacking: series k is drawn as the sum of bars 0..k, the tallest first, so each shorter one covers its part.
  const cumulative = input.bars.map((_, k) =>
    x.map((i) => input.bars.slice(0, k + 1).reduce((s, b) => s + (b.values[i] ?? 0), 0)),
  );
  const drawOrder = input.bars.map((_, k) => k).reverse();
  const lineFormat = input.line?.format ?? input.format;
  const colorOf = (k: number, palette: readonly string[]) => input.bars[k]!.color ?? palette[k % palette.length]!;
  const lineColor = (palette: readonly string[]) => input.line?.color ?? palette[input.bars.length % palette.length]!;
  const data: uPlot.AlignedData = [
    x,
    ...drawOrder.map((k) => cumulative[k]!),
    ...(input.line ? [[...input.line.values]] : []),
  ];
  return {
    data,
    xLabelAt: (idx) => input.categoryTitle?.(idx) ?? input.categories[idx] ?? '',
    legend: [
      ...input.bars.map((b) => ({
        label: b.label,
        color: b.color ?? '',
        kind: 'bar' as const,
        summary: input.format(sum(b.values)),
        valueAt: (idx: number) => input.format(b.values[idx] ?? 0),
      })),
      ...(input.line
        ? [
            {
              label: input.line.label,
              color: input.line.color ?? '',
              kind: 'line' as const,
              summary: lineFormat(sum(input.line.values)),
              valueAt: (idx: number) => lineFormat(input.line!.values[idx] ?? 0),
            },
          ]
        : []),
    ],
    options: (theme) => {
      const bars = uPlot.paths.bars!({ size: [0.66, 56], align: 0, radius: [0.12, 0] });
      const barsOf = (k: number) => {
        const colors = input.bars[k]!.categoryColors;
        return colors
          ? uPlot.paths.bars!({
              size: [0.66, 56],
              align: 0,
              radius: [0.12, 0],
              disp: { fill: { unit: 3, values: () => [...colors] } },
            })
          : bars;
      };
      return {
        scales: {
          x: { time: false, range: () => [-0.5, n - 0.5] },
          y: fromZero(),
          ...(input.line ? { y2: fromZero() } : {}),
        },
        cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false } },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        axes: [
          {
            stroke: theme.text,
            font: theme.font,
            grid: { show: false },
            ticks: { show: false },
            // Every category that fits (about 72 px per label), whole indices only.
            splits: (u) => {
              const step = Math.max(1, Math.ceil((n * 72) / Math.max(1, u.bbox.width / uPlot.pxRatio)));
              return x.filter((i) => i % step === 0);
            },
            values: (_u, splits) => splits.map((i) => shortChartLabel(input.categories[i] ?? '')),
          },
          valueAxis(theme, 'y', input.format),
          ...(input.line ? [valueAxis(theme, 'y2', lineFormat, 1)] : []),
        ],
        series: [
          {},
          ...drawOrder.map((k) => ({
            label: input.bars[k]!.label,
            scale: 'y',
            stroke: colorOf(k, theme.palette),
            fill: colorOf(k, theme.palette),
            width: 0,
            paths: barsOf(k),
            points: { show: false },
          })),
          ...(input.line
            ? [
                {
                  label: input.line.label,
                  scale: 'y2',
                  stroke: lineColor(theme.palette),
                  width: 2,
                  points: { show: true, size: 6, fill: lineColor(theme.palette) },
                },
              ]
            : []),
        ],
      };
    },
  };
}

/**
 * One bar per category, each in its own colour, and one legend entry per category with its value
 * (e.g. interviews per score band, or the average per score kind coloured by its traffic light).
 */
export function categoryBarChart(input: {
  categories: readonly string[];
  values: readonly number[];
  colors: readonly string[];
  /** The series' name (screen readers, uPlot's series label). */
  label: string;
  format: (v: number) => string;
  /** Categories as the legend names them (default: the category; axis labels are shortened). */
  legendLabel?: (idx: number) => string;
}): ChartSpec {
  const spec = barChart({
    categories: input.categories,
    bars: [{ label: input.label, values: input.values, color: input.colors[0], categoryColors: input.colors }],
    format: input.format,
    categoryTitle: input.legendLabel,
  });
  return {
    ...spec,
    legend: input.categories.map((category, i) => {
      const text = input.format(input.values[i] ?? 0);
      return {
        label: input.legendLabel?.(i) ?? category,
        color: input.colors[i]!,
        kind: 'bar' as const,
        summary: text,
        valueAt: () => text,
      };
    }),
  };
}

/** Legend colours follow the theme's palette unless a series names its own (the palette is known only when drawing). */
export function legendWithPalette(spec: ChartSpec, palette: readonly string[]): LegendEntry[] {
  return spec.legend.map((entry, i) => (entry.color ? entry : { ...entry, color: palette[i % palette.length]! }));
}

/** A histogram: one bar per bin [edges[i], edges[i + 1]), e.g. combined scores in the benchmark bands. */
export function histogramChart(input: {
  edges: readonly number[];
  counts: readonly number[];
  label: string;
  color?: string;
  format: (v: number) => string;
  formatEdge?: (v: number) => string;
}): ChartSpec {
  const edge = input.formatEdge ?? String;
  const categories = input.counts.map((_, i) => `${edge(input.edges[i]!)}–${edge(input.edges[i + 1]!)}`);
  return barChart({
    categories,
    bars: [{ label: input.label, values: input.counts, color: input.color }],
    format: input.format,
  });
}

/**
 * Lines over time (e.g. requests per minute): `times` in epoch milliseconds, ascending; the x axis
 * shows clock times within two days and dates beyond, in the locale. The legend shows each
 * series' sum over the chart, or its value at the hovered time.
 */
export function timeSeriesChart(input: {
  times: readonly number[];
  series: readonly { label: string; values: readonly (number | null)[]; color?: string; fill?: boolean }[];
  /** An Intl locale, e.g. de-DE. */
  intlLocale: string;
  format: (v: number) => string;
}): ChartSpec {
  const clock = new Intl.DateTimeFormat(input.intlLocale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(input.intlLocale, { day: '2-digit', month: '2-digit' });
  const full = new Intl.DateTimeFormat(input.intlLocale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    data: [[...input.times], ...input.series.map((s) => [...s.values])],
    xLabelAt: (idx) => (input.times[idx] === undefined ? '' : full.format(input.times[idx])),
    legend: input.series.map((s) => ({
      label: s.label,
      color: s.color ?? '',
      kind: 'line' as const,
      summary: input.format(sum(s.values)),
      valueAt: (idx: number) =>
        s.values[idx] === null || s.values[idx] === undefined ? '–' : input.format(s.values[idx]!),
    })),
    options: (theme) => ({
      ms: 1,
      scales: { x: { time: true }, y: fromZero() },
      cursor: { drag: { x: false, y: false, setScale: false } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      axes: [
        {
          stroke: theme.text,
          font: theme.font,
          grid: { show: false },
          ticks: { stroke: theme.grid, size: 4 },
          space: 64,
          values: (u, splits) => {
            const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
            return splits.map((ms) => (span <= 2 * 86_400_000 ? clock : day).format(ms));
          },
        },
        valueAxis(theme, 'y', input.format),
      ],
      series: [
        {},
        ...input.series.map((s, i) => {
          const color = s.color ?? theme.palette[i % theme.palette.length]!;
          return {
            label: s.label,
            stroke: color,
            width: 2,
            fill: s.fill ? withAlpha(color, 0.12) : undefined,
            points: { show: false },
            paths: uPlot.paths.linear!(),
          };
        }),
      ],
    }),
  };
}
