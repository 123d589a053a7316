// Real item-level survey data for the detection benchmark (tests/fixtures/detection, see its README):
// each dataset's battery items laid out as the grid pages of a web survey, and the real interview
// durations the planted time columns are drawn from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(import.meta.dirname, '../fixtures/detection');

export interface DatasetItem {
  name: string;
  min: number;
  max: number;
  reversed: boolean;
}

interface DatasetMeta {
  key: string;
  file: string;
  name: string;
  rows: number;
  items: DatasetItem[];
}

/** One grid page: consecutive items on one scale. */
export interface GridPage {
  items: number[];
  min: number;
  max: number;
}

export interface RealDataset {
  key: string;
  name: string;
  rows: number;
  items: DatasetItem[];
  /** Answers per item (column order of the file), NaN = missing or outside the item's scale. */
  answers: Float64Array[];
  pages: GridPage[];
}

/** Pages hold at most this many items; a run of items on one scale is cut into equal pages. */
const PAGE_MAX = 12;
/** The grid score and the consistency score need 7 answers per grid: shorter runs are no grid. */
const PAGE_MIN = 7;

/**
 * Grid pages in the file's column order (the order a survey would show): runs of items sharing a
 * scale, each cut into ceil(run / 12) pages of near-equal size; runs under 7 items are left out.
 */
export function pagesOf(items: readonly DatasetItem[]): GridPage[] {
  const pages: GridPage[] = [];
  let start = 0;
  while (start < items.length) {
    let end = start + 1;
    while (end < items.length && items[end]!.min === items[start]!.min && items[end]!.max === items[start]!.max) end++;
    const run = end - start;
    if (run >= PAGE_MIN) {
      const count = Math.ceil(run / PAGE_MAX);
      for (let p = 0; p < count; p++) {
        const a = start + Math.round((p * run) / count);
        const b = start + Math.round(((p + 1) * run) / count);
        pages.push({
          items: Array.from({ length: b - a }, (_, j) => a + j),
          min: items[start]!.min,
          max: items[start]!.max,
        });
      }
    }
    start = end;
  }
  return pages;
}

let metaCache: { datasets: DatasetMeta[]; durations: { file: string } } | undefined;
function meta() {
  metaCache ??= JSON.parse(readFileSync(join(DIR, 'datasets.json'), 'utf8'));
  return metaCache!;
}

export const DATASET_KEYS = (): string[] => meta().datasets.map((d) => d.key);

/**
 * Loads a dataset. Answers outside the item's scale are missing (youth gratitude has a few); the
 * non-integer values two datasets carry (answers imputed by their authors, not given by anyone) are
 * rounded to the nearest code, as a survey platform only ever records whole codes.
 */
export function loadDataset(key: string): RealDataset {
  const m = meta().datasets.find((d) => d.key === key);
  if (!m) throw new Error(`no detection dataset ${key}`);
  const lines = readFileSync(join(DIR, m.file), 'utf8').trim().split('\n');
  const header = lines[0]!.split(',');
  if (header.join() !== m.items.map((i) => i.name).join())
    throw new Error(`${m.file}: header differs from datasets.json`);
  const rows = lines.length - 1;
  const answers = m.items.map(() => new Float64Array(rows));
  for (let i = 0; i < rows; i++) {
    const cells = lines[i + 1]!.split(',');
    m.items.forEach((it, j) => {
      const raw = cells[j] ?? '';
      const v = raw === '' ? NaN : Math.round(Number(raw));
      answers[j]![i] = v >= it.min && v <= it.max ? v : NaN;
    });
  }
  return { key, name: m.name, rows, items: m.items, answers, pages: pagesOf(m.items) };
}

/** Real interview durations (minutes; the masculinity survey's start-to-end times), valid ones only. */
export function realDurations(): number[] {
  const lines = readFileSync(join(DIR, meta().durations.file), 'utf8').trim().split('\n').slice(1);
  return lines.map(Number).filter((v) => Number.isFinite(v) && v > 0);
}

/**
 * The lognormal fitted to real durations: log-median, and the spread as the standard deviation of the
 * log durations between their 2.5th and 97.5th percentiles rescaled to the whole normal (a plain
 * standard deviation would be inflated by tabs left open for hours, and the minute resolution makes
 * quartiles coarse).
 */
export function lognormalOf(durations: readonly number[]): { mu: number; sigma: number } {
  const logs = durations.map(Math.log).sort((a, b) => a - b);
  const q = (p: number) => logs[Math.min(logs.length - 1, Math.floor(p * logs.length))]!;
  const mu = q(0.5);
  const lo = q(0.025),
    hi = q(0.975);
  const inner = logs.filter((v) => v >= lo && v <= hi);
  const mean = inner.reduce((a, b) => a + b, 0) / inner.length;
  const sd = Math.sqrt(inner.reduce((a, b) => a + (b - mean) ** 2, 0) / (inner.length - 1));
  // The standard deviation of a normal truncated to its central 95 % is 0.8796 of the whole.
  return { mu, sigma: sd / 0.8796 };
}

/** Screens of the real per-screen time set (tests/fixtures/detection/screen-times-extraversion.csv). */
export const SCREENS = 10;

/** Per screen, the seconds of every respondent who has all ten (rows with a missing time are left out). */
export function loadScreenTimes(): Float64Array[] {
  const rows = readFileSync(join(DIR, 'screen-times-extraversion.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(SCREENS).map(Number))
    .filter((t) => t.length === SCREENS && t.every((v) => v > 0));
  return Array.from({ length: SCREENS }, (_, g) => Float64Array.from(rows, (t) => t[g]!));
}

/**
 * Per real respondent, the log time of each screen less the screen's median and less the respondent's
 * own mean: what is left of a real time sequence once the item and the person's pace are taken out.
 */
export function screenResiduals(times: readonly Float64Array[] = loadScreenTimes()): number[][] {
  const n = times[0]?.length ?? 0;
  const med = times.map((col) => {
    const s = Array.from(col, Math.log).sort((a, b) => a - b);
    return s[s.length >> 1]!;
  });
  return Array.from({ length: n }, (_, i) => {
    const r = times.map((col, g) => Math.log(col[i]!) - med[g]!);
    const mean = r.reduce((a, b) => a + b, 0) / r.length;
    return r.map((v) => v - mean);
  });
}
