// `score` subcommand: reads a project configuration, computes every score per interview with the
// facade and returns the output columns. Config errors are InputErrors (exit code 2).
import {
  DEFAULT_RULES,
  DEFAULT_WEIGHTS,
  GRID_LABELS,
  REASONS,
  SCORE_KINDS,
  markInconsistent,
  type CleaningRules,
  type CombinedWeights,
  type ProjectiveQuestion,
  type Scoring,
} from './index.ts';
import { InputError, columnIndex, columnRange, numericColumn, textColumn, type Table } from './cli-csv.ts';
import { CellColumn, type CsvColumn } from './cli-csv-write.ts';
import { oesSuggestion, trafficLight } from './bands.ts';

/** The JSON configuration of `score`: every part is optional. */
export interface ScoreConfig {
  id?: string;
  durations?: { total?: string; pages?: string[] };
  grids?: { items: string; min?: number; max?: number; randomised?: boolean }[];
  /** Consistency score over the grids; on unless false. */
  consistency?: boolean;
  open?: {
    column: string;
    question: string;
    keywords?: string[];
    languages?: string[];
    duplicates?: boolean;
    topicCheck?: boolean;
  }[];
  projective?: {
    choice: string;
    predictions: string[];
    purpose: 'information' | 'social-desirability';
    options?: number;
  }[];
  mcsds?: { items: string; true?: number; false?: number };
  weights?: Partial<CombinedWeights>;
  rules?: Partial<CleaningRules['rules']>;
  lambda?: number;
}

export function parseConfig(text: string): ScoreConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new InputError(`the config file is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InputError('the config file must hold a JSON object');
  return parsed as ScoreConfig;
}

interface Output {
  /** One line about the whole file (certificate), for standard error. */
  summary?: string;
  header: string[];
  columns: CsvColumn[];
  decimals: number[];
}

/** Computes every configured score; returns CSV columns (scores rounded half up to `decimals`). */
export function scoreTable(s: Scoring, table: Table, cfg: ScoreConfig, decimals: number): Output {
  const n = table.rowCount;
  const out: Output = { header: [], columns: [], decimals: [] };
  const add = (name: string, column: Output['columns'][number], d = decimals) => {
    out.header.push(name);
    out.columns.push(column);
    out.decimals.push(d);
  };
  const num = (name: string) => numericColumn(table, columnIndex(table, name));
  add(
    'id',
    cfg.id ? new CellColumn(table, columnIndex(table, cfg.id)) : Float64Array.from({ length: n }, (_, i) => i + 1),
    0,
  );
  const nan = (): Float64Array => new Float64Array(n).fill(Number.NaN);
  const dataPoints: Float64Array[] = [];
  let kinds = 0;

  let ts = nan();
  if (cfg.durations) {
    const cols = [cfg.durations.total, ...(cfg.durations.pages ?? [])].filter((c): c is string => !!c).map(num);
    const r = s.timeScores(cols, { totalIndex: cfg.durations.total ? 0 : -1 });
    ts = r.ts;
    dataPoints.push(r.dataPoints);
    add('ts', ts);
    add('ts_data_points', r.dataPoints, 0);
    add('extremely_slow', r.extremelySlow, 0);
    kinds |= SCORE_KINDS.ts;
  }

  let ibs = nan();
  let con = nan();
  let conDp: Float64Array = new Float64Array(n);
  if (cfg.grids?.length) {
    const grids = cfg.grids.map((g, gi) => {
      const cols = columnRange(table, g.items);
      if (cols.length < 5)
        throw new InputError(`grid ${gi + 1} (${g.items}) has ${cols.length} items; a grid needs at least 5`);
      const opts: { min?: number; max?: number; patterns: boolean } = { patterns: !g.randomised };
      if (g.min !== undefined) opts.min = g.min;
      if (g.max !== undefined) opts.max = g.max;
      const items = cols.map((c) => numericColumn(table, c));
      return { items, opts, result: s.gridScores(items, opts) };
    });
    // The consistency score runs by default whenever grids are configured; its red band also turns
    // a grid's OK label into 'Inconsistent'.
    const consistency =
      cfg.consistency === false ? null : s.consistency(grids.map((g) => ({ items: g.items, ...g.opts })));
    grids.forEach((g, gi) => {
      const c = consistency?.grids[gi];
      if (c) markInconsistent(g.result.labels, c.d2, c.labelCut);
      add(`grid_${gi + 1}`, g.result.scores);
      add(
        `grid_${gi + 1}_label`,
        Array.from(g.result.labels, (l) => (l ? GRID_LABELS[l]! : '')),
      );
    });
    const agg = s.ibs(
      grids.map((g) => g.result.scores),
      { labels: grids.map((g) => g.result.labels), items: grids.map((g) => g.items.length) },
    );
    ibs = agg.score;
    dataPoints.push(agg.dataPoints);
    add('ibs', ibs);
    add('ibs_data_points', agg.dataPoints, 0);
    kinds |= SCORE_KINDS.ibs;
    if (consistency) {
      con = consistency.score;
      conDp = consistency.dataPoints;
      add('consistency', con);
      add('consistency_data_points', conDp, 0);
    }
  }

  let oes = nan();
  let bad: Float64Array = new Float64Array(n);
  let oesDp: Float64Array = new Float64Array(n);
  if (cfg.open?.length) {
    const questions = cfg.open.map((q) => ({
      text: q.question,
      keywords: q.keywords ?? [],
      allowedLanguages: q.languages ?? [],
      duplicateDetection: q.duplicates ?? true,
      topicCheck: q.topicCheck ?? (q.keywords?.length ?? 0) > 0,
      answers: textColumn(table, columnIndex(table, q.column)),
    }));
    const cls = s.classifyOpenEnded(questions);
    cls.categories.forEach((c, qi) =>
      add(
        `open_${qi + 1}_category`,
        Array.from(c, (v) => (v === 0 ? Number.NaN : v)),
        0,
      ),
    );
    const r = s.oes(cls.categories);
    oes = r.score;
    bad = r.badAnswers;
    oesDp = r.dataPoints;
    dataPoints.push(r.dataPoints);
    add('oes', oes);
    add(
      'oes_suggestion',
      Array.from(oes, (v) => oesSuggestion(v) ?? ''),
    );
    add('oes_data_points', r.dataPoints, 0);
    kinds |= SCORE_KINDS.oes;
  }

  let ps = nan(),
    cs = nan(),
    is = nan(),
    sds = nan();
  if (cfg.projective?.length) {
    const qs: ProjectiveQuestion[] = cfg.projective.map((q) => ({
      choice: num(q.choice),
      predictions: q.predictions.map(num),
      purpose: q.purpose,
      ...(q.options ? { options: q.options } : {}),
    }));
    const r = s.projective(qs, { lambda: cfg.lambda ?? 1 });
    ({ ps, cs, is, sds } = r);
    dataPoints.push(r.dataPoints);
    add('ps', ps);
    add('cs', cs);
    add('is', is);
    add('projective_data_points', r.dataPoints, 0);
    kinds |= SCORE_KINDS.ps | SCORE_KINDS.cs;
  }
  if (cfg.mcsds) {
    const cols = columnRange(table, cfg.mcsds.items);
    if (cols.length !== 13)
      throw new InputError(`mcsds items ${cfg.mcsds.items} span ${cols.length} columns; form C has 13`);
    const mc = s.mcSds(
      cols.map((c) => numericColumn(table, c)),
      { true: cfg.mcsds.true ?? 1, false: cfg.mcsds.false ?? 0 },
    );
    sds = sds.map((v, i) => (Number.isNaN(v) ? mc[i]! : v));
  }
  if (cfg.projective?.length || cfg.mcsds) add('sds', sds);

  const weights = { ...DEFAULT_WEIGHTS, ...cfg.weights };
  const comb = s.combined({ oes, ts, ibs, ps, cs, con }, n, weights);
  add('combined', comb.combined);
  add('band', Array.from(comb.combined, trafficLight));
  const rules: CleaningRules = { ...DEFAULT_RULES, rules: { ...DEFAULT_RULES.rules, ...cfg.rules } };
  const cleaned = s.clean(
    {
      rows: n,
      scores: { combined: comb.combined, oes, ts, ibs, ps, cs, is, sds, con },
      dataPoints: { oes: oesDp, ibs: dataPoints.length ? ibsDp(out) : undefined, con: conDp },
      badAnswers: bad,
    },
    rules,
  );
  add('kept', cleaned.kept, 0);
  add(
    'reasons',
    Array.from(cleaned.reasons, (bits) => REASONS.filter((_, i) => bits & (1 << i)).join('|')),
  );
  add(
    'primary_reason',
    Array.from(cleaned.primary, (p) => (p >= 0 ? REASONS[p]! : '')),
  );
  add('credits', s.credits(dataPoints.length ? dataPoints : [new Float64Array(n)]).perInterview, 0);
  const cert = s.certificate(comb.combined, cleaned.kept, kinds);
  out.summary = `certificate level ${cert.level || 'none'}: ${cert.nKept} kept of ${n}, mean combined ${cert.meanCombined?.toFixed(1) ?? '-'}`;
  return out;
}

function ibsDp(out: Output): Float64Array | undefined {
  const i = out.header.indexOf('ibs_data_points');
  return i >= 0 ? (out.columns[i] as Float64Array) : undefined;
}
