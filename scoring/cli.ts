// Command line for researchers, the scores without the platform:
//   bun scoring/cli.ts indices --input data.csv --items <first>:<last> [--id <column>] [--decimals n]
//   bun scoring/cli.ts score --input data.csv --config config.json [--decimals n]
// Writes CSV to standard output. Bad input prints a clear message and exits with code 2.
import { readFile } from 'node:fs/promises';
import { loadScoringFromDisk } from './load-node.ts';
import { InputError, columnIndex, columnRange, formatCsv, numericColumn, parseCsv, textColumn } from './cli-csv.ts';
import { parseConfig, scoreTable } from './cli-score.ts';

const USAGE = `usage:
  bun scoring/cli.ts indices --input data.csv --items <first>:<last> [--id <column>] [--decimals <n>]
  bun scoring/cli.ts score --input data.csv --config config.json [--decimals <n>]`;

function options(args: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new InputError(`unexpected argument "${a}"`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new InputError(`option ${a} needs a value`);
    map.set(a.slice(2), value);
    i++;
  }
  return map;
}

function required(opts: Map<string, string>, name: string): string {
  const v = opts.get(name);
  if (!v) throw new InputError(`missing --${name}`);
  return v;
}

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new InputError(`cannot read the ${what} file "${path}"`);
  }
}

/** --decimals n: a whole number 0..10, or `fallback` when absent. */
function decimalsOption(opts: Map<string, string>, fallback: number | null): number | null {
  const raw = opts.get('decimals');
  if (raw === undefined) return fallback;
  const decimals = Number(raw);
  if (!/^\d+$/.test(raw) || decimals > 10) throw new InputError('--decimals must be a whole number 0..10');
  return decimals;
}

async function main(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (command !== 'indices' && command !== 'score')
    throw new InputError(command ? `unknown command "${command}"` : 'missing command');
  const opts = options(rest);
  // Researchers compare the indices with R's careless at full precision: no rounding unless asked.
  const decimals = decimalsOption(opts, command === 'indices' ? null : 0);
  const table = parseCsv(await readText(required(opts, 'input'), 'input'));
  if (command === 'indices') {
    const items = columnRange(table, required(opts, 'items'));
    const idName = opts.get('id');
    const ids = idName ? textColumn(table, columnIndex(table, idName)) : table.rows.map((_, i) => String(i + 1));
    const cols = items.map((c) => numericColumn(table, c));
    const s = await loadScoringFromDisk();
    const r = s.indices(cols);
    const ibs = s.gridScores(cols).scores;
    return formatCsv(
      ['id', 'longstring', 'avgstr', 'irv', 'mahad', 'ibs'],
      [ids, r.longstring, r.avgstr, r.irv, r.mahad, ibs],
      [0, 0, decimals, decimals, decimals, decimals],
    );
  }
  const config = parseConfig(await readText(required(opts, 'config'), 'config'));
  const s = await loadScoringFromDisk();
  const out = scoreTable(s, table, config, decimals ?? 0);
  if (out.summary) process.stderr.write(`scoring: ${out.summary}\n`);
  return formatCsv(out.header, out.columns, out.decimals);
}

try {
  process.stdout.write(await main(process.argv.slice(2)));
} catch (error) {
  if (error instanceof InputError) {
    process.stderr.write(`scoring: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  throw error;
}
