// `bun tests/bench/pages/timeline.ts`: one warm full load of the result page (PROFILE_PATH picks another
// page) traced in Chromium against the real server on the demo data, printed as a timeline on the page's
// own clock (ms since navigation start): the requests, the app's performance marks, when the frame's
// parts first appear in the DOM, and every main-thread task over 3 ms with what ran in it (the script
// evaluated, the function called, the timer, the frame) and its style/layout/paint. TIMELINE_RUNS
// (default 2) counts the loads. It answers "what is on the critical path" where a CPU profile only
// answers "what is expensive".
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Page } from 'playwright-core';
import { ensureWebBuild } from '../../support/server-process';
import { paintedAt, type Watched } from './instruments';
import { DEMO_DATAFILE, startSide } from './world';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

const RUNS = Number(process.env.TIMELINE_RUNS ?? 2);
const PATH = process.env.PROFILE_PATH ?? `/datafile-result?datafileId=${DEMO_DATAFILE}`;
const WHAT: Watched = PATH.startsWith('/datafile-work-sheet') ? 'worksheetRows' : 'resultRows';
const PARTS = ['app-shell', 'top-bar', 'side-menu', 'user-menu', 'app-footer', 'interview-table', 'decision-table'];

/** An init script: the first time each part is in the DOM, on the page's clock. */
function watchParts(parts: string[]) {
  const seen: Record<string, number> = {};
  (window as unknown as { shellParts: Record<string, number> }).shellParts = seen;
  new MutationObserver(() => {
    for (const p of parts)
      if (seen[p] === undefined && document.querySelector(`[data-testid="${p}"]`)) seen[p] = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

function label(e: TraceEvent, children: TraceEvent[]): string {
  const parts: string[] = [];
  for (const c of children) {
    const d = c.args?.data ?? {};
    if (c.name === 'EvaluateScript' || c.name === 'v8.evaluateModule')
      parts.push(`eval ${String(d.url ?? '').replace(/^.*\/assets\//, '')}`);
    else if (c.name === 'FunctionCall')
      parts.push(`call ${String(d.functionName || '?')}@${String(d.url ?? '').replace(/^.*\/assets\//, '')}`);
    else if (c.name === 'TimerFire' || c.name === 'FireAnimationFrame' || c.name === 'ParseHTML') parts.push(c.name);
    else if (c.name === 'RunMicrotasks') parts.push('microtasks');
  }
  const render = ['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC']
    .map((n) => [n, children.filter((c) => c.name === n).reduce((s, c) => s + (c.dur ?? 0) / 1000, 0)] as const)
    .filter(([, v]) => v >= 1)
    .map(([n, v]) => `${n} ${v.toFixed(0)}`);
  return [...new Set(parts)].slice(0, 4).join(', ') + (render.length ? ` [${render.join(' ')}]` : '');
}

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
const maps = new Map<string, TraceMap | null>();
const dist = join(import.meta.dirname, '../../../web/dist/assets');
/** The source file of a sampled frame (a package's name for node_modules), through the build's source map. */
function sourceOf(n: Node): string {
  const f = n.callFrame;
  const asset = f.url.replace(/^.*\/assets\//, '');
  if (!f.url.includes('/assets/')) return f.url || `(${f.functionName})`;
  if (!maps.has(asset)) {
    const path = join(dist, `${asset}.map`);
    maps.set(asset, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
  }
  const map = maps.get(asset);
  if (!map || f.lineNumber < 0) return asset;
  const src = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }).source ?? asset;
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src)?.[1] ?? src.replace(/^.*?\/web\//, 'web/');
}

/** Per window [from, to) in trace microseconds: inclusive ms per source file of the samples in it. */
function windowed(profile: Profile, from: number, to: number): string {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t >= to) return;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const leaf = sourceOf(byId.get(id)!);
    self.set(leaf, (self.get(leaf) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(sourceOf(byId.get(at)!));
    for (const k of seen) incl.set(k, (incl.get(k) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([k]) => k !== '(root)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('; ');
  return `   self: ${top(self, 14)}\n   inclusive (web/ and packages): ${top(incl, 26)}`;
}

async function tracedLoad(page: Page, baseUrl: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,v8',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const requests: string[] = [];
  const onRequest = (r: import('playwright-core').Request) => {
    const t = r.timing();
    const url = new URL(r.url());
    const name =
      url.pathname === '/graphql'
        ? `gql:${r.postDataJSON()?.query?.match(/(query|mutation)\s+(\w+)/)?.[2] ?? '?'}`
        : url.pathname.replace(/^\/assets\//, '');
    requests.push(`${name} @${t.startTime}+${Math.round(t.responseEnd)}`);
  };
  page.on('requestfinished', onRequest);
  await page.goto(`${baseUrl}${PATH}`, { waitUntil: 'commit' });
  const at = await paintedAt(page, WHAT);
  await page.waitForTimeout(300);
  page.off('requestfinished', onRequest);
  const origin = await page.evaluate(() => performance.timeOrigin);
  const parts = await page.evaluate(() => (window as unknown as { shellParts: Record<string, number> }).shellParts);
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((m) => `${m.name} ${Math.round(m.startTime)}`),
  );
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'),
  )!;
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? 0;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! >= 3000 && e.ts >= nav);
  console.log(`\nload: rows painted at ${Math.round(at)} ms, load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(
    ` requests: ${requests
      .map((r) => {
        const [name, when] = r.split(' @');
        const [start, end] = when!.split('+').map(Number);
        return {
          s: start! - origin,
          text: `${name} ${Math.round(start! - origin)}->${Math.round(start! - origin + end!)}`,
        };
      })
      .sort((a, b) => a.s - b.s)
      .map((r) => r.text)
      .join(', ')}`,
  );
  console.log(` marks: ${marks.join(', ')}`);
  console.log(
    ` parts in the DOM: ${Object.entries(parts)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(', ')}`,
  );
  const markTs = (name: string) => events.find((e) => e.name === name && e.pid === main.pid)?.ts;
  const windows: [string, string][] = [
    ['ParseHTML', 'app:evaluated'],
    ['app:evaluated', 'app:shell-committed'],
  ];
  for (const [from, to] of windows) {
    const a = markTs(from);
    const b = markTs(to);
    if (a !== undefined && b !== undefined)
      console.log(` ${from} -> ${to} (${((b - a) / 1000).toFixed(0)} ms):\n${windowed(profile, a, b)}`);
  }
  const commit = markTs('app:shell-committed');
  if (commit !== undefined)
    console.log(` app:shell-committed -> rows painted:\n${windowed(profile, commit, nav + at * 1000)}`);
  for (const t of tasks) {
    const children = onMain.filter((c) => c !== t && c.ts >= t.ts && c.ts < t.ts + t.dur!);
    const start = (t.ts - nav) / 1000;
    if (start > at + 50) break;
    console.log(`   ${start.toFixed(0).padStart(5)} +${(t.dur! / 1000).toFixed(0).padStart(4)}  ${label(t, children)}`);
  }
}

ensureWebBuild();
const side = await startSide('this checkout', undefined, 100);
try {
  for (let i = 0; i < 2; i++) {
    await side.page.goto(`${side.server.baseUrl}${PATH}`, { waitUntil: 'commit' });
    await paintedAt(side.page, WHAT);
  }
  await side.context.addInitScript(watchParts, PARTS);
  for (let run = 0; run < RUNS; run++) await tracedLoad(side.page, side.server.baseUrl);
} finally {
  await side.close();
}
