import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSpec } from './chart-specs';
import { legendWithPalette } from './chart-specs';
import { readChartTheme } from './chart-theme';

export type { ChartSpec, LegendEntry } from './chart-specs';
export { barChart, categoryBarChart, histogramChart, shortChartLabel, timeSeriesChart } from './chart-specs';

/**
 * The one uPlot wrapper of the app: every chart goes through it.
 *
 * - Sized to its container: as wide as the parent (a ResizeObserver follows it), `height` tall.
 * - Themed: axis text, grid and series colours come from the app's Chakra tokens (chart-theme.ts).
 * - A legend below the canvas, rendered by React in the page's language: each series with its
 *   colour and its summary (e.g. the sum), or its value at the hovered point with that point's
 *   x label as heading. Axis labels are formatted by the spec's own formatters (pass the
 *   locale's number and date formats).
 * - Destroyed on unmount, and drawn anew when `spec` changes (keep it stable with useMemo).
 *
 * Build specs with barChart (stacked bars per category, an optional line on a second axis),
 * histogramChart, or timeSeriesChart (chart-specs.ts).
 */
export function UplotChart({
  spec,
  height = 260,
  ariaLabel,
  testId = 'uplot-chart',
  onReady,
  drawAfterPaint = false,
}: {
  spec: ChartSpec;
  /** Height of the plotting canvas in CSS pixels (the legend adds to it). */
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  testId?: string;
  /** Called with the uPlot instance after each draw (for uPlot's own API: plugins, tests). */
  onReady?: (plot: uPlot) => void;
  /**
   * Draw once the frame that mounts the chart has been painted, not before it: what mounts beside it
   * (the result page's interview table) shows a frame sooner. The box keeps the chart's height meanwhile.
   */
  drawAfterPaint?: boolean;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const theme = useMemo(() => readChartTheme(), []);
  // A callback prop changes identity every render; the draw must not depend on it.
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  // Layout effect: the canvas exists before the browser paints, so the chart never flashes empty
  // (unless `drawAfterPaint` asks for the frame without it first).
  useLayoutEffect(() => {
    const el = holder.current;
    if (!el) return undefined;
    const draw = () => {
      const options = spec.options(theme);
      const created = new uPlot(
        {
          ...options,
          width: Math.max(1, Math.floor(el.clientWidth) || 600),
          height,
          legend: { show: false },
          hooks: {
            ...options.hooks,
            setCursor: [...(options.hooks?.setCursor ?? []), (u) => setHovered(u.cursor.idx ?? null)],
          },
        },
        spec.data,
        el,
      );
      plot.current = created;
      setHovered(null);
      onReadyRef.current?.(created);
      return () => {
        created.destroy();
        plot.current = null;
      };
    };
    if (!drawAfterPaint) return draw();
    let undraw: (() => void) | undefined;
    // An animation frame callback runs before that frame is painted; the next frame's callbacks run
    // once it has been, and a task queued from there draws without holding up what that frame shows.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => (undraw = draw()), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      undraw?.();
    };
  }, [spec, height, theme, drawAfterPaint]);

  useEffect(() => {
    const el = holder.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width > 0 && plot.current && plot.current.width !== width) plot.current.setSize({ width, height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [height]);

  const legend = legendWithPalette(spec, theme.palette);
  return (
    <Box data-testid={testId} data-hovered={hovered ?? undefined}>
      <Box
        ref={holder}
        role="img"
        aria-label={ariaLabel}
        w="100%"
        minH={`${height}px`}
        data-testid={`${testId}-canvas`}
        css={{ '& .u-cursor-x, & .u-cursor-y': { borderColor: theme.grid } }}
      />
      <Flex
        wrap="wrap"
        align="center"
        columnGap="5"
        rowGap="1"
        mt="2"
        fontSize="sm"
        minH="6"
        data-testid={`${testId}-legend`}
      >
        {hovered !== null && (
          <Text fontWeight="semibold" data-testid={`${testId}-legend-heading`}>
            {spec.xLabelAt(hovered)}
          </Text>
        )}
        {legend.map((entry) => (
          <Flex key={entry.label} align="center" gap="1.5" data-testid="chart-legend-item" data-label={entry.label}>
            <Box
              as="span"
              flexShrink={0}
              w={entry.kind === 'bar' ? '2.5' : '3.5'}
              h={entry.kind === 'bar' ? '2.5' : '0.5'}
              borderRadius="sm"
              bg={entry.color}
            />
            <Text as="span" color="fg.muted">
              {entry.label}
            </Text>
            <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="chart-legend-value">
              {hovered !== null ? entry.valueAt(hovered) : (entry.summary ?? '')}
            </Text>
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}
