// The careless indices of each grid (longstring, IRV, Mahalanobis) and even-odd over the grids, computed in
// the data worker with the scoring core from the grids' raw item columns. Loaded by the worker on the first
// such request only.
import { getScoring } from '../../../lib/scoring.ts';
import type { PlainTable } from './protocol.ts';

export async function carelessTable(raw: PlainTable, grids: { id: string; columns: string[] }[]): Promise<PlainTable> {
  const scoring = await getScoring();
  const out: PlainTable = { rows: raw.rows, numeric: {}, text: {}, fields: [] };
  const add = (name: string, values: Float64Array) => {
    out.numeric[name] = values;
    out.fields.push({ name, numeric: true });
  };
  const all: Float64Array[] = [];
  const factors: number[] = [];
  for (const grid of grids) {
    const items = grid.columns.map((c) => raw.numeric[c]).filter((c): c is Float64Array => c !== undefined);
    if (items.length < 2) continue;
    // Copies: the facade may keep views into WASM memory that a later call reuses.
    const r = scoring.indices(items);
    add(`careless.${grid.id}.longstring`, r.longstring.slice());
    add(`careless.${grid.id}.irv`, r.irv.slice());
    add(`careless.${grid.id}.mahad`, r.mahad.slice());
    add(`careless.${grid.id}.mahad_flag`, r.mahadFlag.slice());
    all.push(...items);
    factors.push(items.length);
  }
  // Even-odd compares the halves of several scales: the grids together, each grid one scale.
  if (factors.length >= 2) add('careless.even_odd', scoring.evenOdd(all, factors).slice());
  return out;
}
