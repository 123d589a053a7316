/**
 * The app's colours for canvas charts. uPlot draws on a canvas, which cannot read CSS variables by
 * name, so the theme is resolved once per chart from the Chakra tokens on <html> (light theme
 * values as fallbacks for tests and for a page without Chakra's CSS).
 */
export type ChartTheme = {
  /** Axis labels and the legend's text. */
  text: string;
  /** Grid lines and tick marks. */
  grid: string;
  /** The canvas font for axis labels. */
  font: string;
  /** Series colours, in order: brand blue first. */
  palette: readonly string[];
};

/** Brand 600, then colours far enough apart for a legend to tell them apart (also for colour-blind readers: blue/orange first). */
export const CHART_PALETTE = ['#1d52ed', '#f08c00', '#0f9f8f', '#c2255c', '#7048e8', '#5c677d'] as const;

/** Traffic-light colours of the score bands, red 0-39 to green 80-100, and grey for no score. */
export const SCORE_BAND_COLORS = {
  red: '#d9363e',
  yellow: '#e0a800',
  lightGreen: '#74c365',
  green: '#2f9e44',
  grey: '#a0aec0',
} as const;

const FALLBACK = {
  text: '#52525b',
  grid: '#e4e4e7',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
};

function cssVar(name: string): string {
  if (typeof document === 'undefined') return '';
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export function readChartTheme(): ChartTheme {
  const text = cssVar('--chakra-colors-fg-muted') || FALLBACK.text;
  const grid = cssVar('--chakra-colors-border-muted') || cssVar('--chakra-colors-border') || FALLBACK.grid;
  const fontFamily = cssVar('--chakra-fonts-body') || FALLBACK.fontFamily;
  return { text, grid, font: `12px ${fontFamily}`, palette: CHART_PALETTE };
}

/** A colour with transparency, for area fills under lines (#rrggbb only). */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
