// `npm run bench:careless`: the researcher command line's `indices` against R's careless package on
// the same generated file (100,000 interviews x 25 Likert items, some careless), each run as a whole
// process: median wall time and peak memory of several runs, alternating the two, the ratio of each
// pair, and the goals beside them (at least 25x faster than R, no more memory than R); beside the wall
// time, each side's CPU time (user + system), which a shared machine's load moves far less. Both outputs
// must agree (longstring, avgstr, irv, mahad within 1e-9 relative), so the comparison is of the same
// work. Without R or careless it prints how to install them and measures the command line alone.
// BENCH_ROWS changes the row count, BENCH_RUNS the counted runs (5). Not part of the test suite.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureScoringBuilt } from '../support/scoring-build.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ITEMS = 25;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_SPEEDUP = 25;
const root = fileURLToPath(new URL('../../', import.meta.url));
const bun = `${root}node_modules/.bin/bun`;
const dir = mkdtempSync(join(tmpdir(), 'bench-careless-'));
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** Deterministic PRNG (mulberry32) so every run scores the same file. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Likert answers 1..5: most people answer from a trait level with item noise, a fifth of the items
 * reverse keyed; 5 % straightline, 3 % alternate or repeat a short pattern, 4 % answer at random.
 */
function generate(path: string): void {
  const rand = rng(20261127);
  const reversed = Array.from({ length: ITEMS }, (_, j) => j % 5 === 4);
  const lines = [['id', ...Array.from({ length: ITEMS }, (_, j) => `q${j + 1}`)].join(',')];
  for (let i = 0; i < ROWS; i++) {
    const kind = rand();
    const trait = 1 + 4 * rand();
    const start = 1 + Math.floor(rand() * 5);
    const row: number[] = [];
    for (let j = 0; j < ITEMS; j++) {
      let v: number;
      if (kind < 0.05) v = start;
      else if (kind < 0.08) v = 1 + ((start + j) % (kind < 0.065 ? 2 : 3));
      else if (kind < 0.12) v = 1 + Math.floor(rand() * 5);
      else {
        const level = reversed[j] ? 6 - trait : trait;
        v = Math.min(5, Math.max(1, Math.round(level + (rand() - 0.5) * 2.2)));
      }
      row.push(v);
    }
    lines.push(`R${i + 1},${row.join(',')}`);
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

// careless::longstring, longstring(avg = TRUE), irv and mahad, as a researcher would run them; every
// value written with 17 significant digits so the comparison sees the doubles R computed.
const R_SCRIPT = `suppressPackageStartupMessages(library(careless))
a <- commandArgs(trailingOnly = TRUE)
d <- read.csv(a[1])
x <- d[, paste0("q", 1:${ITEMS})]
ls <- longstring(x)
avg <- longstring(x, avg = TRUE)
iv <- irv(x)
md <- mahad(x, plot = FALSE)
g <- function(v) sprintf("%.17g", v)
write.csv(data.frame(id = d$id, longstring = ls, avgstr = g(avg$avgstr), irv = g(iv), mahad = g(md)),
  a[2], row.names = FALSE, quote = FALSE)
`;

interface Run {
  wall: number;
  /** User + system seconds of the process and its threads. */
  cpu: number;
  rss: number;
  code: number | null;
  stderr: string;
}

/**
 * One whole-process run: wall seconds, and the peak resident set the kernel accounted for it (wait4's
 * rusage). `stdout` takes the output into a file, as R writes its own.
 */
function run(cmd: string[], stdout?: string, env: Record<string, string | undefined> = process.env): Run {
  const t0 = performance.now();
  const r = Bun.spawnSync(cmd, { env, stdout: stdout ? Bun.file(stdout) : 'ignore', stderr: 'pipe' });
  const wall = (performance.now() - t0) / 1000;
  if (r.exitCode !== 0) process.stderr.write(`${cmd.join(' ')} exited ${r.exitCode}:\n${r.stderr.toString()}\n`);
  const cpu = Number(r.resourceUsage.cpuTime.total) / 1e6;
  return { wall, cpu, rss: r.resourceUsage.maxRSS, code: r.exitCode, stderr: r.stderr.toString() };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const range = (xs: number[], f: (v: number) => string) =>
  `${f(median(xs))} (${f(Math.min(...xs))}-${f(Math.max(...xs))})`;

/** R with careless, when installed: the Rscript path, or the reason it cannot be used. */
function findR(): { rscript: string; version: string } | { missing: string } {
  const which = spawnSync('sh', ['-c', 'command -v Rscript'], { encoding: 'utf8' });
  const rscript = which.stdout.trim();
  if (!rscript) return { missing: 'Rscript is not on the PATH' };
  const probe = spawnSync(
    rscript,
    ['-e', 'cat(R.version$major, R.version$minor, as.character(packageVersion("careless")))'],
    { encoding: 'utf8' },
  );
  if (probe.status !== 0)
    return { missing: `R has no careless package (R_LIBS_USER=${process.env.R_LIBS_USER ?? ''})` };
  const [major, minor, careless] = probe.stdout.trim().split(' ');
  return { rscript, version: `R ${major}.${minor}, careless ${careless}` };
}

// R's careless is not packaged for Debian: it comes from its public repository (MIT) at the commit
// tagged 1.2.2, installed from source into a library of one's own.
const INSTALL = `To compare with R, install R, psych (Debian's packages) and careless 1.2.2 from its source:
  apt-get install -y r-base-core r-cran-psych
  git clone https://github.com/ryentes/careless.git careless-repo
  mkdir careless && git -C careless-repo archive 445771cf3d94850bb75f87dad1eda1750649ddb2 | tar x -C careless
  export R_LIBS_USER=$HOME/R/library && mkdir -p "$R_LIBS_USER"
  R CMD INSTALL -l "$R_LIBS_USER" careless
(445771c is the commit tagged 1.2.2), then run again with R_LIBS_USER still set.`;

/** Rows of a CSV output as columns by header name. */
function columns(path: string): Map<string, string[]> {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = header!.split(',');
  const cols = new Map(names.map((n) => [n, [] as string[]]));
  for (const line of lines) line.split(',').forEach((v, j) => cols.get(names[j]!)!.push(v));
  return cols;
}

/** Values that differ by more than 1e-9 relative (NA and empty both missing), per index. */
function disagreements(cli: string, r: string): string[] {
  const a = columns(cli);
  const b = columns(r);
  const out: string[] = [];
  for (const name of ['longstring', 'avgstr', 'irv', 'mahad']) {
    const x = a.get(name)!;
    const y = b.get(name)!;
    let bad = 0;
    let worst = 0;
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const u = x[i] === '' || x[i] === undefined ? NaN : Number(x[i]);
      const v = y[i] === 'NA' || y[i] === undefined ? NaN : Number(y[i]);
      if (Number.isNaN(u) && Number.isNaN(v)) continue;
      const rel = Math.abs(u - v) / Math.max(1, Math.abs(v));
      if (!(rel <= 1e-9)) bad++;
      if (rel > worst || Number.isNaN(rel)) worst = rel;
    }
    out.push(
      `${name}: ${bad === 0 ? 'agree' : `${bad} rows differ`} (largest relative difference ${worst.toExponential(1)})`,
    );
  }
  return out;
}

ensureScoringBuilt();
const data = join(dir, 'data.csv');
generate(data);
const cliOut = join(dir, 'cli.csv');
const rOut = join(dir, 'r.csv');
const rScript = join(dir, 'careless.R');
writeFileSync(rScript, R_SCRIPT);
const cli = [bun, `${root}scoring/cli.ts`, 'indices', '--input', data, '--items', `q1:q${ITEMS}`, '--id', 'id'];
const r = findR();

console.log(
  `bench:careless  ${new Date().toISOString()}  ${ROWS.toLocaleString('en')} x ${ITEMS}, ${RUNS} runs each after a warm-up`,
);
console.log(`Bun ${Bun.version}${'rscript' in r ? `, ${r.version}` : ''}; load average ${load()} (1, 5, 15 min)`);
try {
  // One run with the phase timings (not counted).
  const phases = run(cli, cliOut, { ...process.env, SCORING_TIMINGS: '1' });
  if (phases.code !== 0) throw new Error('the command line failed');
  console.log(phases.stderr.trim());

  const cliRuns: Run[] = [];
  const rRuns: Run[] = [];
  const rCmd = 'rscript' in r ? [r.rscript, rScript, data, rOut] : null;
  if (rCmd) run(rCmd);
  for (let k = 0; k < RUNS; k++) {
    cliRuns.push(run(cli, cliOut));
    if (rCmd) rRuns.push(run(rCmd));
  }
  const cw = cliRuns.map((x) => x.wall);
  const cc = cliRuns.map((x) => x.cpu);
  const cr = cliRuns.map((x) => x.rss);
  const secs = (v: number) => `${v.toFixed(3)} s`;
  console.log(`\ncommand line   wall ${range(cw, secs)}   CPU ${range(cc, secs)}   peak RSS ${range(cr, mb)}`);
  if (!rCmd) {
    console.log(`R careless     not measured: ${'missing' in r ? r.missing : ''}`);
    console.log(`goal           >= ${GOAL_SPEEDUP}x faster than R, memory <= R's: needs R to judge\n\n${INSTALL}`);
  } else {
    const rw = rRuns.map((x) => x.wall);
    const rc = rRuns.map((x) => x.cpu);
    const rr = rRuns.map((x) => x.rss);
    const ratios = rRuns.map((x, k) => x.wall / cliRuns[k]!.wall);
    const cpuRatios = rRuns.map((x, k) => x.cpu / cliRuns[k]!.cpu);
    const speedup = median(ratios);
    console.log(`R careless     wall ${range(rw, secs)}   CPU ${range(rc, secs)}   peak RSS ${range(rr, mb)}`);
    console.log(
      `speed-up       ${range(ratios, (v) => `${v.toFixed(1)}x`)} (R / command line, pair by pair)   goal >= ${GOAL_SPEEDUP}x: ${speedup >= GOAL_SPEEDUP ? 'met' : 'MISSED'}`,
    );
    console.log(`by CPU time    ${range(cpuRatios, (v) => `${v.toFixed(1)}x`)} (R / command line, pair by pair)`);
    console.log(
      `memory         ${mb(median(cr))} vs ${mb(median(rr))} (${((100 * median(cr)) / median(rr)).toFixed(0)} % of R's)   goal <= R's: ${median(cr) <= median(rr) ? 'met' : 'MISSED'}`,
    );
    console.log(`agreement      ${disagreements(cliOut, rOut).join('; ')}`);
  }
  console.log(`load average after measuring: ${load()} (the machine may be shared: compare medians and ratios)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
