// Command line for researchers, the scores without the platform:
//   bun scoring/cli.ts indices --input data.csv --items <first>:<last> [--id <column>] [--decimals n]
//   bun scoring/cli.ts score --input data.csv --config config.json [--decimals n]
// Writes CSV to standard output. Bad input prints a clear message and exits with code 2.
// SCORING_TIMINGS=1 prints how long each phase took to standard error (start-up is the time from the
// process start to the first line of this file, imports included).
import { writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadNumericScoringFromDisk, loadScoringFromDisk } from './load-node.ts';
import { InputError, columnIndex, columnRange, numericColumns, parseCsv } from './cli-csv.ts';
import { CellColumn, formatCsv } from './cli-csv-write.ts';

// Each phase is timed by the wall clock and by the process's CPU time (all threads: the engine compiles
// the core on threads of its own), as wall time on a shared machine mostly measures the others' work.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const timings = process.env.SCORING_TIMINGS
  ? [`start ${performance.now().toFixed(1)} ms (CPU ${cpuMs().toFixed(1)} ms)`]
  : null;
let phaseStart = performance.now();
let phaseCpu = timings ? cpuMs() : 0;
/** Records the phase that ends now (only with SCORING_TIMINGS set). */
function phase(name: string): void {
  if (!timings) return;
  const now = performance.now();
  const cpu = cpuMs();
  timings.push(`${name} ${(now - phaseStart).toFixed(1)} ms (CPU ${(cpu - phaseCpu).toFixed(1)})`);
  phaseStart = now;
  phaseCpu = cpu;
}

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

async function readBytes(path: string, what: string): Promise<Buffer> {
  try {
    return await readFile(path);
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

/** Row numbers 1..n, the id column when the input names none. */
function rowNumbers(n: number): Float64Array {
  const ids = new Float64Array(n);
  for (let i = 0; i < n; i++) ids[i] = i + 1;
  return ids;
}

async function main(argv: string[]): Promise<Uint8Array> {
  const [command, ...rest] = argv;
  if (command !== 'indices' && command !== 'score')
    throw new InputError(command ? `unknown command "${command}"` : 'missing command');
  const opts = options(rest);
  // Researchers compare the indices with R's careless at full precision: no rounding unless asked.
  const decimals = decimalsOption(opts, command === 'indices' ? null : 0);
  const input = required(opts, 'input');
  // The core compiles while the file is read and parsed; a failure surfaces where it is awaited.
  // `indices` needs the numeric kernels alone: the facade, the open-ended classifier and its word
  // lists are not even imported.
  const scoring = command === 'indices' ? loadNumericScoringFromDisk() : loadScoringFromDisk();
  scoring.catch(() => undefined);
  const bytes = await readBytes(input, 'input');
  phase('read');
  const table = parseCsv(bytes);
  phase('parse');
  if (command === 'indices') {
    const items = columnRange(table, required(opts, 'items'));
    const idName = opts.get('id');
    const ids = idName ? new CellColumn(table, columnIndex(table, idName)) : rowNumbers(table.rowCount);
    const s = await scoring;
    phase('load core');
    // The items are read straight into one matrix in the core's memory, which every kernel reads in place.
    const m = s.matrix(table.rowCount, items.length);
    try {
      numericColumns(
        table,
        items,
        items.map((_, j) => m.column(j)),
      );
      phase('columns');
      const r = s.indices(m);
      phase('indices');
      const ibs = s.gridScores(m).scores;
      phase('ibs');
      return formatCsv(
        ['id', 'longstring', 'avgstr', 'irv', 'mahad', 'ibs'],
        [ids, r.longstring, r.avgstr, r.irv, r.mahad, ibs],
        [0, 0, decimals, decimals, decimals, decimals],
      );
    } finally {
      m.free();
    }
  }
  const { parseConfig, scoreTable } = await import('./cli-score.ts');
  const config = parseConfig((await readBytes(required(opts, 'config'), 'config')).toString('utf8'));
  const s = await loadScoringFromDisk();
  const out = scoreTable(s, table, config, decimals ?? 0);
  if (out.summary) process.stderr.write(`scoring: ${out.summary}\n`);
  return formatCsv(out.header, out.columns, out.decimals);
}

/**
 * Writes the document to standard output with write(2) directly (a fifth of the CPU of the stream's
 * write for 4 MB into a file); where the descriptor is non-blocking and full, the stream takes the rest.
 */
function writeOut(out: Uint8Array): void {
  let at = 0;
  try {
    while (at < out.length) at += writeSync(1, out.subarray(at));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The reader closed the pipe (`| head`): it has what it wanted; end quietly as Unix tools do.
    if (code === 'EPIPE') process.exit(0);
    if (code !== 'EAGAIN') throw error;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(0);
      throw e;
    });
    process.stdout.write(out.subarray(at));
  }
}

try {
  const out = await main(process.argv.slice(2));
  phase('format');
  writeOut(out);
  phase('write');
  if (timings) process.stderr.write(`scoring timings: ${timings.join(', ')}\n`);
} catch (error) {
  if (error instanceof InputError) {
    process.stderr.write(`scoring: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  throw error;
}
