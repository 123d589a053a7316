// `npm run bench:upload`: generates its inputs in a temp folder, then runs every
// engine measurement in its own process (tests/bench/upload-child.ts) so each peak RSS is its own,
// and the whole path through a real server (tests/bench/upload-job-bench.ts): signed PUT, draft,
// check, then confirmation -> READY through the upload job while 8 callers ask `me`: with the
// revision processed at confirmation (UPLOAD_PREPARE=false), prepared while step 3 is shown and
// confirmed once complete, and confirmed the moment the estimate shows; and the one-call route
// (POST /api/datafiles) beside the same steps, first byte to READY (tests/bench/upload-one-call-bench.ts).
//  1. 100,000 interviews x 50 columns xlsx (2 grids of 10, 5 durations, 3 open-ended, 2 projective
//     questions, an id, 15 ignored): parse alone, then parse + validate + classify + score + write,
//     with the open answers classified after the parse and on the classifier's thread while parsing
//     (what the upload job does); the check of step 2 -> 3 alone, and the check that goes on
//     preparing the revision (when its estimate is ready, and when the revision is).
//     Targets: total <= 15 s, <= 1.5x parse alone, peak RSS <= 1.5 GB.
//  2. CSV of the same layout at 250k, 500k and 1M interviews: time and peak RSS (streaming: raw
//     cells are never all in memory; the numeric score inputs and record ids wait in a temporary
//     file and are scored 64k rows at a time, so the peak should not grow with the file).
// BENCH_UPLOAD_ROWS=20000 (and BENCH_UPLOAD_CSV=50000,100000) make a quick run; BENCH_UPLOAD_SECTIONS
// chooses the sections (1 = 1a and 1b; 1a = the engine alone, 1b = through the server; 1c, 2), and
// BENCH_UPLOAD_SERVER_RUNS the runs of 1b (off, prepared, instant, ignore: UPLOAD_PREPARE=false with
// the open-ended columns ignored), e.g. BENCH_UPLOAD_SECTIONS=1b BENCH_UPLOAD_SERVER_RUNS=instant for
// the save of step 2 -> estimate beside parse alone; BENCH_UPLOAD_XLSX reuses a generated file;
// BENCH_BASELINE=<another checkout> alternates that checkout's server with this one in 1b's instant run.
// Not part of the tests.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadThroughJob } from './upload-job-bench';
import { compareOneCall } from './upload-one-call-bench';

const CHILD = fileURLToPath(new URL('./upload-child.ts', import.meta.url));
const XLSX_ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);
/** BENCH_UPLOAD_REPEATS: pairs of (steps, one call) in section 1c, alternating. */
const ONE_CALL_REPEATS = Number(process.env.BENCH_UPLOAD_REPEATS ?? 3);
const CSV_ROWS = (process.env.BENCH_UPLOAD_CSV ?? '250000,500000,1000000').split(',').map(Number);
/** BENCH_UPLOAD_SECTIONS=1c runs only the one-call comparison: minutes at 100,000 rows, not the whole bench's. */
const SECTIONS = new Set((process.env.BENCH_UPLOAD_SECTIONS ?? '1,1c,2').split(','));
const ENGINE = SECTIONS.has('1') || SECTIONS.has('1a');
const SERVER = SECTIONS.has('1') || SECTIONS.has('1b');
/**
 * BENCH_BASELINE=<another checkout>: section 1b's instant run alternates that checkout's server with
 * this one's, BENCH_UPLOAD_REPEATS pairs, each side beside a parse alone by its own checkout's reader
 * measured just before it.
 */
const BASELINE = process.env.BENCH_BASELINE;
const SERVER_RUNS = new Set((process.env.BENCH_UPLOAD_SERVER_RUNS ?? 'off,prepared,instant,ignore').split(','));
/**
 * The CSV runs map the open-ended columns as ignored by default (still parsed and stored): the
 * classifier needs every answer of a question at once (duplicates, shared vocabulary), so with it
 * memory grows with the answers by design, which would hide whether the rest streams.
 * BENCH_UPLOAD_CSV_OPEN=classify runs it.
 */
const CSV_OPEN = process.env.BENCH_UPLOAD_CSV_OPEN ?? 'ignore';

type Result = {
  wallMs: number;
  cpuMs: number;
  cpuMsRun: number;
  maxRssMB: number;
  phases?: Record<string, number>;
  rows?: number;
  estimateMs?: number;
};

function run(...args: string[]): Result {
  return runChild(CHILD, ...args);
}

/** `child`: this checkout's upload-child.ts, or a baseline's (its own reader for its own parse alone). */
function runChild(child: string, ...args: string[]): Result {
  const p = Bun.spawnSync([process.execPath, child, ...args], { stdout: 'pipe', stderr: 'inherit' });
  if (p.exitCode !== 0) throw new Error(`bench child failed: ${args.join(' ')}`);
  const lines = p.stdout.toString().trim().split('\n');
  return JSON.parse(lines.at(-1)!) as Result;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const row = (...cells: string[]) =>
  console.log(cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(14))).join(''));

const dir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
try {
  console.log(`bench:upload  (load average ${load()}, ${navigator.hardwareConcurrency} cores)`);
  console.log(`generating inputs in ${dir} ...`);
  // BENCH_UPLOAD_XLSX: an xlsx made by an earlier run (upload-child.ts gen-xlsx) with XLSX_ROWS rows, not made again.
  const xlsx = process.env.BENCH_UPLOAD_XLSX ?? join(dir, `survey-${XLSX_ROWS}.xlsx`);
  if (!process.env.BENCH_UPLOAD_XLSX) run('gen-xlsx', xlsx, String(XLSX_ROWS));
  console.log(`  xlsx ${XLSX_ROWS} x 50: ${(statSync(xlsx).size / 1e6).toFixed(1)} MB`);

  if (ENGINE || SERVER) {
    console.log(`\n1. xlsx, ${XLSX_ROWS.toLocaleString('en')} interviews x 50 columns`);
    row('', 'wall', 'CPU', 'peak RSS', 'target');
    const parse = run('parse', xlsx, 'xlsx');
    row('parse alone', s(parse.wallMs), s(parse.cpuMsRun), `${parse.maxRssMB} MB`, '');
    if (ENGINE) engineRows(xlsx, parse);
    if (SERVER && BASELINE) await baselinePairs(dir, xlsx, BASELINE);
    else if (SERVER) await serverRows(dir, xlsx, parse);
  }
  if (SECTIONS.has('1c')) {
    console.log(
      `\n1c. the same xlsx from the first byte sent to READY: the one-call route beside the steps (goal: within 10 %)`,
    );
    const oneCall = await compareOneCall(join(dir, 'one-call'), xlsx, XLSX_ROWS, ONE_CALL_REPEATS);
    const best = (list: number[]) => Math.min(...list);
    const median = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    row('steps (PUT, draft, save, check, confirm, READY)', ...oneCall.stepsMs.map(s));
    row('one call (POST /api/datafiles?wait=true)', ...oneCall.oneCallMs.map(s));
    console.log(`  load average before each pair: ${oneCall.loads.join(' | ')}`);
    const ratio = best(oneCall.oneCallMs) / best(oneCall.stepsMs);
    const medians = median(oneCall.oneCallMs) / median(oneCall.stepsMs);
    console.log(`  best one call / best steps: ${ratio.toFixed(2)}x, ${ratio <= 1.1 ? 'met' : 'MISSED'}`);
    console.log(`  median one call / median steps: ${medians.toFixed(2)}x, ${medians <= 1.1 ? 'met' : 'MISSED'}`);
  }
  if (SECTIONS.has('2')) {
    console.log(
      `\n2. CSV streaming, 50 columns, open-ended columns: ${CSV_OPEN === 'ignore' ? 'ignored (parsed and stored, not classified)' : 'classified'}`,
    );
    row('', 'wall', 'CPU', 'peak RSS', 'file');
    const results: { n: number; r: Result }[] = [];
    for (const n of CSV_ROWS) {
      const csv = join(dir, `survey-${n}.csv`);
      run('gen-csv', csv, String(n));
      const parseCsv = run('parse', csv, 'csv');
      row(
        `${n.toLocaleString('en')} parse alone`,
        s(parseCsv.wallMs),
        s(parseCsv.cpuMsRun),
        `${parseCsv.maxRssMB} MB`,
        `${(statSync(csv).size / 1e6).toFixed(0)} MB`,
      );
      const r = run('process', csv, 'csv', CSV_OPEN);
      results.push({ n, r });
      row(`${n.toLocaleString('en')} processed`, s(r.wallMs), s(r.cpuMsRun), `${r.maxRssMB} MB`, '');
      rmSync(csv);
    }
    if (results.length > 1) {
      const a = results[0]!;
      const b = results.at(-1)!;
      const perRow = ((b.r.maxRssMB - a.r.maxRssMB) * 1024 * 1024) / (b.n - a.n);
      console.log(
        `  peak RSS grows ${perRow.toFixed(0)} bytes per interview between ${a.n.toLocaleString('en')} and ${b.n.toLocaleString('en')}` +
          " (kept per interview: the record id's 8-byte hash and source row, one byte of credits, the open answers when classified;" +
          ' the numeric score inputs and the ids wait in a temporary file, raw rows stream through)',
      );
    }
  }
  console.log(`\nload average at the end: ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Section 1a: the engine alone, each measurement in its own process. */
function engineRows(xlsx: string, parse: Result) {
  const breakdown = (r: Result, classify: string) => {
    const ph = r.phases ?? {};
    row('  of which parse + validate + raw.arrow', s(ph.classify ?? 0), '', '', '');
    row(`  of which ${classify}`, s((ph.score ?? 0) - (ph.classify ?? 0)), '', '', '');
    row('  of which score (scoreChunked) + scores.arrow', s((ph.write ?? 0) - (ph.score ?? 0)), '', '', '');
    row('  of which record ids + publish', s(r.wallMs - (ph.write ?? 0)), '', '', '');
  };
  const after = run('process', xlsx, 'xlsx', 'classify-after');
  row('parse + validate, then classify, score, write', s(after.wallMs), s(after.cpuMsRun), `${after.maxRssMB} MB`, '');
  breakdown(after, 'classify open answers (core)');
  row(
    '  ratio to parse alone (wall / CPU)',
    `${(after.wallMs / parse.wallMs).toFixed(2)}x`,
    `${(after.cpuMsRun / parse.cpuMsRun).toFixed(2)}x`,
    '',
    '<= 1.5x',
  );
  const full = run('process', xlsx, 'xlsx', 'classify');
  row(
    'same, classifier thread fed while parsing',
    s(full.wallMs),
    s(full.cpuMsRun),
    `${full.maxRssMB} MB`,
    '<= 15 s, 1.5 GB',
  );
  breakdown(full, 'classifier finishing (dataset rules)');
  const ratioWall = full.wallMs / parse.wallMs;
  const ratioCpu = full.cpuMsRun / parse.cpuMsRun;
  row('ratio to parse alone (wall / CPU)', `${ratioWall.toFixed(2)}x`, `${ratioCpu.toFixed(2)}x`, '', '<= 1.5x');
  const noOpen = run('process', xlsx, 'xlsx', 'ignore');
  row('same, open-ended columns ignored', s(noOpen.wallMs), s(noOpen.cpuMsRun), `${noOpen.maxRssMB} MB`, '');
  row(
    '  ratio to parse alone (wall / CPU)',
    `${(noOpen.wallMs / parse.wallMs).toFixed(2)}x`,
    `${(noOpen.cpuMsRun / parse.cpuMsRun).toFixed(2)}x`,
    '',
    '<= 1.5x',
  );
  const checkAlone = run('check', xlsx, 'xlsx');
  row(
    'step 2 -> 3 check alone (every issue, estimate)',
    s(checkAlone.wallMs),
    s(checkAlone.cpuMsRun),
    `${checkAlone.maxRssMB} MB`,
    '',
  );
  const checkPrepare = run('check-prepare', xlsx, 'xlsx');
  row('check that goes on preparing: estimate ready', s(checkPrepare.estimateMs ?? 0), '', '', '');
  row('  revision prepared', s(checkPrepare.wallMs), s(checkPrepare.cpuMsRun), `${checkPrepare.maxRssMB} MB`, '');
  row(
    '  estimate ready -> prepared (ratio to parse)',
    s(checkPrepare.wallMs - (checkPrepare.estimateMs ?? 0)),
    `${((checkPrepare.wallMs - (checkPrepare.estimateMs ?? 0)) / parse.wallMs).toFixed(2)}x`,
    '',
    '',
  );
  console.log(
    `  engine verdict: total ${full.wallMs <= 15_000 ? 'met' : 'MISSED'}, ratio ${ratioWall <= 1.5 || ratioCpu <= 1.5 ? 'met' : 'MISSED'}, memory ${full.maxRssMB <= 1536 ? 'met' : 'MISSED'}  (load average now ${load()})`,
  );
}

/** Section 1b: the same xlsx through a real server (BENCH_UPLOAD_SERVER_RUNS picks the runs). */
async function serverRows(dir: string, xlsx: string, parse: Result) {
  console.log(
    `\n1b. the same xlsx through a real server: signed PUT, draft, save of step 2, check, then confirmation -> READY`,
  );
  console.log(
    '    off: UPLOAD_PREPARE=false, the upload job processes the file after the confirmation (the engine above, in a Worker)',
  );
  console.log(
    '    prepared: the check job went on processing the revision once it showed the estimate; the user confirms once it is complete',
  );
  console.log(
    '    instant: the user confirms the moment the estimate shows; the upload job waits for the check job, which goes on preparing',
  );
  row('', 'wall', 'server RSS', 'target', '');
  const runs: { open: 'classify' | 'ignore'; confirm: 'off' | 'instant' | 'prepared' }[] = [
    { open: 'classify', confirm: 'off' },
    { open: 'classify', confirm: 'prepared' },
    { open: 'classify', confirm: 'instant' },
    { open: 'ignore', confirm: 'off' },
  ];
  for (const { open, confirm } of runs) {
    if (!SERVER_RUNS.has(open === 'ignore' ? 'ignore' : confirm)) continue;
    const jobDir = join(dir, `job-${open}-${confirm}`);
    const r = await uploadThroughJob(jobDir, xlsx, 'xlsx', XLSX_ROWS, open, confirm);
    row(
      `${confirm}${open === 'ignore' ? ', open-ended ignored' : ''}: confirmation -> READY`,
      s(r.confirmToReadyMs),
      `${r.peakRssMB} MB`,
      '<= 15 s, 1.5 GB',
      '',
    );
    console.log(`  the upload job ${r.adopted ? 'published the revision prepared at step 3' : 'processed the file'}`);
    row(
      `  ratio to parse alone (${s(parse.wallMs)})`,
      `${(r.confirmToReadyMs / parse.wallMs).toFixed(2)}x`,
      '',
      '<= 1.5x',
      '',
    );
    row(
      '  save of step 2 -> estimate shown (check)',
      s(r.checkMs),
      `${(r.checkMs / parse.wallMs).toFixed(2)}x parse`,
      '<= 1.5x',
      r.checkMs <= 1.5 * parse.wallMs ? 'met' : 'MISSED',
    );
    row(
      '  of it: CPU of the server but its API thread',
      s(r.checkThreadsCpuMs),
      `${(r.checkThreadsCpuMs / parse.cpuMsRun).toFixed(2)}x parse CPU`,
      `Worker ${s(r.checkWorkerCpuMs)}`,
      '',
    );
    console.log(`  CPU ms by thread, save -> estimate: ${r.checkCpuByThread}`);
    console.log(
      `  the check as polled every 100 ms (ms after the save: state progress): save answered ${Math.round(r.saveMs)}, ${r.checkPhases.map((p) => `${p.at}:${p.state} ${p.progress}`).join(', ')}`,
    );
    if (r.prepareMs !== undefined) row('  estimate shown -> prepared revision complete', s(r.prepareMs), '', '', '');
    row('  server RSS before step 2 was saved (idle)', '', `${r.baselineRssMB} MB`, '', '');
    row(
      '  me, 8 concurrent callers, save -> READY',
      `p50 ${r.meP50.toFixed(1)} ms`,
      `p95 ${r.meP95.toFixed(1)} ms`,
      'p95 <= 50 ms',
      `${r.meCalls} calls`,
    );
    console.log(`  progress seen by the browser (ms: %): ${r.phases.map((p) => `${p.at}:${p.percent}`).join(' ')}`);
    if (open === 'classify') {
      console.log(
        `  verdict: total ${r.confirmToReadyMs <= 15_000 ? 'met' : 'MISSED'}, ratio ${r.confirmToReadyMs <= 1.5 * parse.wallMs ? 'met' : 'MISSED'}, memory ${r.peakRssMB <= 1536 ? 'met' : 'MISSED'}, me p95 ${r.meP95 <= 50 ? 'met' : 'MISSED'}  (load average now ${load()})`,
      );
    }
    rmSync(jobDir, { recursive: true, force: true });
  }
}

/** Section 1b with BENCH_BASELINE: save of step 2 -> estimate, alternating the two servers. */
async function baselinePairs(dir: string, xlsx: string, baseline: string) {
  console.log(
    `\n1b. save of step 2 -> estimate shown (instant), BENCH_BASELINE ${baseline} alternating with this checkout`,
  );
  row('', 'estimate', 'ratio', 'threads CPU', 'Worker CPU', 'server RSS');
  const ratios: Record<'baseline' | 'this', number[]> = { baseline: [], this: [] };
  /** The Worker's CPU from the save to the estimate over the parse alone's: moves much less with the load than wall time. */
  const cpuRatios: Record<'baseline' | 'this', number[]> = { baseline: [], this: [] };
  for (let pair = 0; pair < ONE_CALL_REPEATS; pair++) {
    for (const [name, root] of [
      ['baseline', baseline],
      ['this', undefined],
    ] as const) {
      // Each side's ratio is to its own reader's parse alone, measured just before it.
      const parse = root
        ? runChild(join(root, 'tests/bench/upload-child.ts'), 'parse', xlsx, 'xlsx')
        : run('parse', xlsx, 'xlsx');
      console.log(
        `  pair ${pair + 1}, ${name}: parse alone ${s(parse.wallMs)} (CPU ${s(parse.cpuMsRun)}), load ${load()}`,
      );
      const jobDir = join(dir, `pair-${pair}-${name}`);
      const r = await uploadThroughJob(jobDir, xlsx, 'xlsx', XLSX_ROWS, 'classify', 'instant', root);
      ratios[name].push(r.checkMs / parse.wallMs);
      cpuRatios[name].push(r.checkWorkerCpuMs / parse.cpuMsRun);
      row(
        `  ${name}`,
        s(r.checkMs),
        `${(r.checkMs / parse.wallMs).toFixed(2)}x`,
        s(r.checkThreadsCpuMs),
        `${s(r.checkWorkerCpuMs)} ${(r.checkWorkerCpuMs / parse.cpuMsRun).toFixed(2)}x`,
        `${r.peakRssMB} MB`,
      );
      console.log(`    CPU ms by thread: ${r.checkCpuByThread}`);
      console.log(
        `    polled: save answered ${Math.round(r.saveMs)} ms, ${r.checkPhases.map((p) => `${p.at}:${p.state} ${p.progress}`).join(', ')}`,
      );
      rmSync(jobDir, { recursive: true, force: true });
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
  console.log(
    `  median ratio to parse alone: baseline ${median(ratios.baseline).toFixed(2)}x, this ${median(ratios.this).toFixed(2)}x (goal <= 1.5x)`,
  );
  console.log(
    `  median Worker CPU to the parse alone's CPU: baseline ${median(cpuRatios.baseline).toFixed(2)}x, this ${median(cpuRatios.this).toFixed(2)}x`,
  );
}
