// Grids in step 2: adjacent columns that share a stem (Q1_1..Q1_10, A1..A5, Q2A..Q2G, BE25_01..07,
// "Describe yourself [Openness]" ...) AND a scale (whole numbers on at most 11 points, the same value
// labels where the file has them); or adjacent columns with the same value labels whatever their
// names. A ranking (every answer different, 1..k) is not a grid. Runs of 5 items or more are
// suggested; shorter runs are offered to be merged with others on the same scale. A grid whose answers
// are words ("Very rude" ...) is found only to say that the scoring needs them as numbers.
import type { Cell, ColumnInfo } from '../types';
import { numericValue } from '../validate/collector';
import { MIN_GRID_ITEMS } from '../validate/mapping';
import { scaleLike, type ColumnStats } from './stats';

export interface GridGroup {
  id: string;
  title: string;
  /** Column indexes in file order. */
  items: number[];
  min: number;
  max: number;
}

/** Stem and item of a column name, or undefined when the name has no item part. */
export function itemName(name: string): { stem: string; item: string; order?: number } | undefined {
  const bracket = /^(.*\S)\s*\[(.+)\]$/.exec(name);
  if (bracket) return { stem: bracket[1]!, item: bracket[2]! };
  // A marker between stem and number (bfi_r3, Qitem2, SE_i4) is lower case: in ASTI1 or TRI5 the
  // capital I or R belongs to the scale's name.
  const numbered = /^(.*?[A-Za-z][A-Za-z0-9]*?)[_.-]?(?:r|_r|item|Item|i)?(\d+)$/.exec(name);
  if (numbered) return { stem: numbered[1]!, item: numbered[2]!, order: Number(numbered[2]) };
  const lettered = /^(.*\d)[_.-]?([A-Za-z])$/.exec(name);
  if (lettered) return { stem: lettered[1]!, item: lettered[2]!, order: lettered[2]!.toUpperCase().charCodeAt(0) };
  return undefined;
}

const labelKey = (c: ColumnInfo) =>
  c.valueLabels && Object.keys(c.valueLabels).length >= 3 ? JSON.stringify(Object.entries(c.valueLabels)) : undefined;

/** Numbered items mostly consecutive (a few gaps allowed, any order): Q1, Q5, Q13 are questions, not items. */
function numberedTogether(orders: readonly (number | undefined)[]): boolean {
  if (orders.some((o) => o === undefined)) return true;
  const n = orders as number[];
  if (new Set(n).size !== n.length) return false;
  return Math.max(...n) - Math.min(...n) + 1 <= n.length + 2;
}

/**
 * Items numbered from an item bank (q_253, q_952 ... on one scale): many adjacent columns of one stem,
 * nearly all of which show the same lowest and highest answer. Ten or more keep a few unrelated
 * questions that share a letter (Q0, Q1, Q5, Q13) out.
 */
function itemBank(items: readonly number[], stats: readonly ColumnStats[]): boolean {
  if (items.length < 2 * MIN_GRID_ITEMS) return false;
  const ranges = new Map<string, number>();
  for (const j of items) {
    const key = `${stats[j]!.min}..${stats[j]!.max}`;
    ranges.set(key, (ranges.get(key) ?? 0) + 1);
  }
  return Math.max(...ranges.values()) >= 0.9 * items.length;
}

/** In most complete answers every item differs and the answers are 1..k: a ranking. */
function ranking(items: readonly number[], rows: readonly Cell[][]): boolean {
  let complete = 0,
    permutations = 0;
  for (const r of rows) {
    const v = items.map((j) => r[j]);
    if (v.some((c) => typeof c !== 'number' || Number.isNaN(c))) continue;
    complete++;
    if (new Set(v).size === v.length) permutations++;
  }
  return complete >= 5 && permutations >= complete * 0.9;
}

/** Runs of adjacent scale columns with a shared stem or shared value labels, in file order. */
export function gridRuns(
  columns: readonly ColumnInfo[],
  stats: readonly ColumnStats[],
  rows: readonly Cell[][],
  taken: ReadonlySet<number>,
): GridGroup[] {
  const runs: GridGroup[] = [];
  let run: { stem: string; labels?: string; items: number[]; orders: (number | undefined)[] } | undefined;
  const close = () => {
    const mins = run?.items.map((j) => stats[j]!.min!) ?? [];
    const maxs = run?.items.map((j) => stats[j]!.max!) ?? [];
    // Two codes (0/1, 1/2) are ticks of a check-all question or yes/no items, not a rating scale.
    const rating = Math.max(...maxs) - Math.min(...mins) >= 2;
    if (
      run &&
      run.items.length >= 2 &&
      rating &&
      (numberedTogether(run.orders) || itemBank(run.items, stats)) &&
      !ranking(run.items, rows)
    ) {
      const stem = run.stem.replace(/[\s_.:-]+$/, '') || columns[run.items[0]!]!.name;
      runs.push({ id: stem, title: stem, items: run.items, min: Math.min(...mins), max: Math.max(...maxs) });
    }
    run = undefined;
  };
  columns.forEach((c, j) => {
    const s = stats[j]!;
    if (taken.has(j) || !scaleLike(s)) return close();
    const parsed = itemName(c.name);
    const labels = labelKey(c);
    const stem = parsed?.stem ?? (labels ? `labels:${labels}` : undefined);
    if (stem === undefined) return close();
    const last = run?.items[run.items.length - 1];
    // Named items (Q1_1, Q2_1) follow their stems; the same value labels join only columns without item names.
    const sameStem =
      run !== undefined && (run.stem === stem || (!parsed && labels !== undefined && run.labels === labels));
    const span = run
      ? Math.max(s.max!, ...run.items.map((i) => stats[i]!.max!)) -
        Math.min(s.min!, ...run.items.map((i) => stats[i]!.min!))
      : 0;
    const sameScale =
      run !== undefined && span <= 10 && (run.labels === undefined || labels === undefined || run.labels === labels);
    if (run && last === j - 1 && sameStem && sameScale) {
      run.items.push(j);
      run.orders.push(parsed?.order);
      return;
    }
    close();
    run = {
      stem: parsed?.stem ?? c.label ?? c.name,
      ...(labels ? { labels } : {}),
      items: [j],
      orders: [parsed?.order],
    };
    if (!parsed && labels) run.stem = stem;
  });
  close();
  const woven = interleaved(columns, stats, taken);
  const all = [...runs.filter((g) => !g.items.some((j) => woven.covered.has(j))), ...woven.grids].sort(
    (a, b) => a.items[0]! - b.items[0]!,
  );
  runs.splice(0, runs.length, ...all);
  // Value-label runs are named after their first column.
  for (const g of runs) if (g.id.startsWith('labels:')) g.id = g.title = columns[g.items[0]!]!.name;
  const ids = new Map<string, number>();
  for (const g of runs) {
    const n = (ids.get(g.id) ?? 0) + 1;
    ids.set(g.id, n);
    if (n > 1) g.id = `${g.id} (${n})`;
  }
  return runs;
}

/**
 * Scales printed in turns (Si1, Na2, Si3, Na4 ... or N1, E2, O3, A4, C5, N6 ...): a block of adjacent
 * scale columns on one scale whose names share one numbering 1..n over several stems is one grid per
 * stem, its items in file order.
 */
function interleaved(
  columns: readonly ColumnInfo[],
  stats: readonly ColumnStats[],
  taken: ReadonlySet<number>,
): { grids: GridGroup[]; covered: Set<number> } {
  const grids: GridGroup[] = [];
  const covered = new Set<number>();
  const named = (j: number) => {
    const parsed = j < columns.length && !taken.has(j) && scaleLike(stats[j]!) ? itemName(columns[j]!.name) : undefined;
    return parsed?.order !== undefined ? parsed : undefined;
  };
  for (let start = 0; start < columns.length;) {
    let end = start;
    while (named(end)) end++;
    const block = Array.from({ length: end - start }, (_, k) => start + k);
    start = end + 1;
    if (block.length < MIN_GRID_ITEMS) continue;
    const parsed = block.map((j) => named(j)!);
    const stems = new Map<string, number[]>();
    parsed.forEach((p, k) => stems.set(p.stem, [...(stems.get(p.stem) ?? []), block[k]!]));
    const span = Math.max(...block.map((j) => stats[j]!.max!)) - Math.min(...block.map((j) => stats[j]!.min!));
    if (stems.size < 2 || span > 10 || span < 2 || !numberedTogether(parsed.map((p) => p.order))) continue;
    if ([...stems.values()].some((items) => items.length < 2)) continue;
    for (const items of stems.values()) {
      // The names' shared letters (Si1, Si3 -> Si), not the parsed stem (which reads Si1 as item 1 of S).
      const names = items.map((j) => columns[j]!.name.replace(/[\s_.:-]*\d+$/, ''));
      const title = names.every((n) => n === names[0]) && names[0] ? names[0] : columns[items[0]!]!.name;
      grids.push({
        id: title,
        title,
        items,
        min: Math.min(...items.map((j) => stats[j]!.min!)),
        max: Math.max(...items.map((j) => stats[j]!.max!)),
      });
    }
    block.forEach((j) => covered.add(j));
  }
  return { grids, covered };
}

export const isFullGrid = (g: GridGroup) => g.items.length >= MIN_GRID_ITEMS;

/** Answer words a column holds (in first-seen order), or undefined when it is no word-scale column. */
function answerWords(rows: readonly Cell[][], j: number): string[] | undefined {
  const words: string[] = [];
  for (const r of rows) {
    const c = r[j];
    if (c === null || c === undefined || c === '') continue;
    if (typeof c !== 'string' || numericValue(c) !== undefined) return undefined;
    const w = c.trim();
    if (w !== '' && !words.includes(w)) {
      words.push(w);
      if (words.length > 11) return undefined;
    }
  }
  return words.length >= 2 ? words : undefined;
}

/**
 * The first run of at least 5 adjacent columns of numbers on one short scale, mostly whole, where
 * some answers are not (3.31 on a 1-5 scale): a grid whose missing answers were filled in with means,
 * which the scoring cannot take as answers. The first such value is returned to be shown.
 */
export function fractionGrid(
  columns: readonly ColumnInfo[],
  stats: readonly ColumnStats[],
): { first: string; value: string } | undefined {
  const whole = (s: ColumnStats) =>
    s.filled >= 5 &&
    s.numeric === s.filled &&
    s.integers >= s.filled * 0.9 &&
    s.min !== null &&
    s.max !== null &&
    s.max - s.min <= 10;
  let start = -1;
  for (let j = 0; j <= columns.length; j++) {
    if (j < columns.length && whole(stats[j]!)) {
      if (start < 0) start = j;
      continue;
    }
    const run = start >= 0 ? Array.from({ length: j - start }, (_, k) => start + k) : [];
    const fractional = run.find((i) => stats[i]!.fraction !== undefined);
    if (run.length >= MIN_GRID_ITEMS && fractional !== undefined)
      return { first: columns[start]!.name, value: String(stats[fractional]!.fraction) };
    start = -1;
  }
  return undefined;
}

const numberedNames = (words: readonly string[]) => new Set(words.map((w) => w.replace(/\d+/g, '#'))).size === 1;

/**
 * The first run of at least 5 adjacent columns whose answers are words of one scale ("Very rude",
 * "Somewhat rude", ...): a grid the file stores as labels, which the scoring cannot read as numbers.
 * Check-all ticks (each column its own option or "Not selected") share too few words to count.
 */
export function wordGrid(
  columns: readonly ColumnInfo[],
  rows: readonly Cell[][],
): { first: string; last: string; words: string[] } | undefined {
  let run: { start: number; words: string[]; widest: number } | undefined;
  const found = (end: number) =>
    // Two words (ticked or not, best or worst, yes or no) are no rating scale, nor numbered names
    // ("Feature 1" .. "Feature 6": the options a MaxDiff design showed).
    run && end - run.start >= MIN_GRID_ITEMS && run.words.length >= 3 && !numberedNames(run.words)
      ? { first: columns[run.start]!.name, last: columns[end - 1]!.name, words: run.words }
      : undefined;
  for (let j = 0; j <= columns.length; j++) {
    const words = j < columns.length ? answerWords(rows, j) : undefined;
    if (run && words) {
      const union = [...run.words, ...words.filter((w) => !run!.words.includes(w))];
      const widest = Math.max(run.widest, words.length);
      // One scale: the columns share their words (a "don't know" more at most).
      if (union.length <= widest + 1) {
        Object.assign(run, { words: union, widest });
        continue;
      }
    }
    const done = found(j);
    if (done) return done;
    run = words ? { start: j, words, widest: words.length } : undefined;
  }
  return undefined;
}
