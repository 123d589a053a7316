// `bun tests/bench/pages/profile.ts`: where a warm full load of the result page spends the main
// thread, in Chromium against the real server on the demo data (the same side as `bench:pages`).
// Prints the painted time of the first interview row, then the CPU profile of that load (navigation
// -> the row painted) as self time per script and per function (with source maps when the build has
// them: `vite build --sourcemap`), and the trace's rendering work (style, layout, paint).
// PROFILE_RUNS (default 3) counts the profiled loads; PROFILE_PATH picks another page.
// PROFILE_BASELINE=<another checkout> instead traces loads alternating with that checkout's side and
// prints each side's main-thread task, script, style and layout time per load (medians last): CPU
// work moves less with a shared machine's load than the painted time does, and the thread's own CPU
// time of the tasks and scripts ("RunTask CPU", "FunctionCall CPU") less than their wall time.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Page } from 'playwright-core';
import { ensureWebBuild } from '../../support/server-process';
import { paintedAt } from './instruments';
import { DEMO_DATAFILE, startSide } from './world';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const PATH = process.env.PROFILE_PATH ?? `/datafile-result?datafileId=${DEMO_DATAFILE}`;
const WHAT = PATH.startsWith('/datafile-work-sheet') ? 'worksheetRows' : 'resultRows';

async function profiledLoad(page: Page, baseUrl: string): Promise<{ at: number; profile: Profile }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${baseUrl}${PATH}`, { waitUntil: 'commit' });
  const at = await paintedAt(page, WHAT);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  return { at, profile };
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time of the event: moves much less with a shared machine's load than dur. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
};

/** A traced load: total time per rendering event on the page's main thread (style, layout, paint, script). */
async function tracedLoad(page: Page, baseUrl: string): Promise<{ at: number; totals: Map<string, number> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await page.goto(`${baseUrl}${PATH}`, { waitUntil: 'commit' });
  const at = await paintedAt(page, WHAT);
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'),
  );
  const totals = new Map<string, number>();
  for (const e of events)
    if (main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur) {
      totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur / 1000);
      if (e.tdur) totals.set(`${e.name} CPU`, (totals.get(`${e.name} CPU`) ?? 0) + e.tdur / 1000);
    }
  return { at, totals };
}

/** Self time (ms) per key of the sampled node. */
function selfTimes(profile: Profile, key: (n: Node) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const k = key(byId.get(id)!);
    out.set(k, (out.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** Time (ms) of the samples with a frame of each key anywhere on their stack (counted once per sample). */
function inclusiveTimes(profile: Profile, key: (n: Node) => string): Map<string, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(key(byId.get(at)!));
    for (const k of seen) out.set(k, (out.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

const maps = new Map<string, TraceMap | null>();
const dist = join(import.meta.dirname, '../../../web/dist/assets');
/** The source file (a package's name for node_modules) and function of a sampled frame, through the build's source map. */
function original(n: Node): { file: string; fn: string } {
  const f = n.callFrame;
  const asset = f.url.replace(/^.*\/assets\//, '');
  if (!f.url.includes('/assets/')) return { file: f.url || `(${f.functionName})`, fn: f.functionName };
  if (!maps.has(asset)) {
    const path = join(dist, `${asset}.map`);
    maps.set(asset, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
  }
  const map = maps.get(asset);
  if (!map || f.lineNumber < 0) return { file: asset, fn: f.functionName };
  const pos = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
  const src = pos.source ?? asset;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src)?.[1];
  const file = pkg ?? src.replace(/^.*?\/web\//, 'web/');
  return {
    file,
    fn: `${f.functionName || pos.name || '(anonymous)'} ${src.replace(/^.*node_modules\//, '').replace(/^.*?\/web\//, 'web/')}:${pos.line}`,
  };
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `   ${v.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;

async function compare(baseline: string): Promise<void> {
  const sides = [await startSide('this checkout', undefined, 100)];
  try {
    sides.push(await startSide('baseline', baseline, 100));
    for (const side of sides)
      for (let i = 0; i < 2; i++) {
        await side.page.goto(`${side.server.baseUrl}${PATH}`, { waitUntil: 'commit' });
        await paintedAt(side.page, WHAT);
      }
    const figures = [
      'painted',
      'RunTask',
      'RunTask CPU',
      'FunctionCall',
      'FunctionCall CPU',
      'UpdateLayoutTree',
      'Layout',
      'Paint',
    ] as const;
    const got = new Map<string, number[]>();
    for (let run = 0; run < RUNS; run++)
      for (const side of sides) {
        const { at, totals } = await tracedLoad(side.page, side.server.baseUrl);
        const row = figures.map((f) => (f === 'painted' ? at : (totals.get(f) ?? 0)));
        row.forEach((v, i) =>
          got.set(`${side.label}:${figures[i]}`, [...(got.get(`${side.label}:${figures[i]}`) ?? []), v]),
        );
        console.log(
          `run ${run + 1} ${side.label.padEnd(14)} ${figures.map((f, i) => `${f} ${Math.round(row[i]!)}`).join(', ')} ms; load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    for (const side of sides)
      console.log(
        `median ${side.label.padEnd(14)} ${figures.map((f) => `${f} ${Math.round(median(got.get(`${side.label}:${f}`)!))}`).join(', ')} ms`,
      );
  } finally {
    for (const side of sides) await side.close();
  }
}

ensureWebBuild();
if (process.env.PROFILE_BASELINE) {
  await compare(process.env.PROFILE_BASELINE);
  process.exit(0);
}
const side = await startSide('this checkout', undefined, 100);
try {
  const page = side.page;
  // Warm: HTTP and code caches, the server's statement caches.
  for (let i = 0; i < 2; i++) {
    await page.goto(`${side.server.baseUrl}${PATH}`, { waitUntil: 'commit' });
    await paintedAt(page, WHAT);
  }
  if (process.env.PROFILE_TRACE === '1') {
    for (let run = 0; run < RUNS; run++) {
      const { at, totals } = await tracedLoad(page, side.server.baseUrl);
      console.log(`\ntraced run ${run + 1}: first row painted at ${Math.round(at)} ms`);
      console.log(top(totals, 25));
    }
  }
  for (let run = 0; run < RUNS; run++) {
    const { at, profile } = await profiledLoad(page, side.server.baseUrl);
    const script = (n: Node) => original(n).file;
    const fn = (n: Node) => original(n).fn;
    console.log(`\nrun ${run + 1}: first row painted at ${Math.round(at)} ms`);
    console.log(` self time per source (package or file):\n${top(selfTimes(profile, script), 12)}`);
    console.log(` inclusive time per source:\n${top(inclusiveTimes(profile, script), 30)}`);
    console.log(` self time per function:\n${top(selfTimes(profile, fn), 40)}`);
    // The app's own components and helpers (their Chakra styling included): what a page's code costs.
    const app = new Map([...inclusiveTimes(profile, fn)].filter(([k]) => / (web\/|\.\.\/)/.test(k)));
    console.log(` inclusive time per function of the app (web/):\n${top(app, 40)}`);
  }
} finally {
  await side.close();
}
