// `npm run bench:live`: the live endpoint through a real server process on loopback, respondents
// sent by a load generator in another process at fixed rates. Targets: >= 500
// respondents/s sustained with p95 <= 50 ms on this 2-core machine. Prints the server's CPU per
// respondent and the load average too: the machine is shared.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, bunBin, repoRoot } from '../support/server-process';
import { processCpuMs, serverEnv, setupLiveWorld } from './live-support';

const dir = mkdtempSync(join(tmpdir(), 'sqp-live-bench-'));
const seconds = Number(process.env.LIVE_BENCH_SECONDS ?? 20);
const rates = (process.env.LIVE_BENCH_RATES ?? '500,700').split(',').map(Number);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
/**
 * The load generator in a process of its own, awaited without blocking this one: this process reads
 * the server's log from a pipe, and while it waited synchronously the pipe filled (an access log
 * line per respondent) and the server stopped at its next log write, a few hundred respondents in.
 */
async function loadRun(args: string[]) {
  const child = Bun.spawn([bunBin, 'tests/bench/live-load.ts', ...args], {
    cwd: repoRoot,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, status] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { status, stdout, stderr };
}

console.log(
  `bench:live on ${navigator.hardwareConcurrency} cores, Bun ${Bun.version}, load average ${load()} (shared machine)`,
);
try {
  const world = await setupLiveWorld(dir, 10_000_000);
  const server = await startServerProcess(serverEnv(dir));
  const url = `${server.baseUrl}/api/live/${world.datafileId}/respondents`;
  try {
    // Warm-up: the scoring core's first calls, the datafile's state, the connection pool.
    await loadRun([url, world.secret, '200', '3', 'warm']);
    for (const rate of rates) {
      const cpu0 = processCpuMs(server.pid);
      const run = await loadRun([url, world.secret, String(rate), String(seconds), `r${rate}`]);
      const cpu = processCpuMs(server.pid) - cpu0;
      if (run.status !== 0) throw new Error(run.stderr);
      const r = JSON.parse(run.stdout.trim().split('\n').pop()!);
      const pass = r.okRate >= 500 * 0.98 && r.p95 <= 50 && r.ok === r.sent;
      console.log(
        `offered ${rate}/s for ${seconds} s: achieved ${r.okRate.toFixed(0)} respondents/s (target >= 500), ` +
          `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (target <= 50), p99 ${r.p99.toFixed(1)} ms, ` +
          `errors ${JSON.stringify(r.errors)}, server CPU ${(cpu / r.sent).toFixed(2)} ms per respondent (${((cpu / (r.seconds * 1000)) * 100).toFixed(0)} % of one core), load ${load()}` +
          (rate >= 500 ? (pass ? '  OK' : '  MISSED') : ''),
      );
    }
    writeFileSync(join(dir, 'server.log'), server.log());
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
