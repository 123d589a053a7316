// `npm run bench:pages`: the pages people wait for, at the size of the demo data, in Chromium with a
// warm cache (each page opened once before the counted runs), figures from the page's own clock:
//  1. /datafile-result of the 600-interview demo datafile: navigation start -> the first row of the
//     interview table painted (goal <= 400 ms);
//  2. /datafile-work-sheet of the same datafile: navigation start -> the first row of the decision
//     table painted (goal <= 400 ms);
//  3. upload step 2 -> step 3 of a 2,436-interview CSV: the click on the check button -> the credit
//     estimate painted on step 3 (goal <= 600 ms); a new draft each run.
// The server is the real one (api/server.ts) on a new database seeded with the demo data through the
// upload pipeline. BENCH_BASELINE=<another checkout> starts that checkout's server and browser beside
// (its own build and database) and the runs alternate, so a change is compared with the code before
// it in one run on a shared machine; the load average is printed beside each figure.
// BENCH_PAGES_RUNS (default 7) counts the runs; BENCH_PAGES_TIMELINE=1 prints each load's requests (and
// the worksheet's stages from its performance marks);
// BENCH_PAGES_ONLY=upload (or result, worksheet; comma-separated) measures only those figures.
import { cpus, loadavg } from 'node:os';
import type { Page, Request } from 'playwright-core';
import { ensureWebBuild } from '../support/server-process';
import { paintedAt } from './pages/instruments';
import { DEMO_DATAFILE, startSide, type Side } from './pages/world';

const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 7);
const BASELINE = process.env.BENCH_BASELINE;
const UPLOAD_ROWS = Number(process.env.BENCH_PAGES_UPLOAD_ROWS ?? 2_436);
const TIMELINE = process.env.BENCH_PAGES_TIMELINE === '1';
const GOALS = { result: 400, worksheet: 400, upload: 600 } as const;
type Figure = keyof typeof GOALS;
const FIGURES = (Object.keys(GOALS) as Figure[]).filter(
  (f) => !process.env.BENCH_PAGES_ONLY || process.env.BENCH_PAGES_ONLY.split(',').includes(f),
);

const load = () => loadavg()[0]!.toFixed(1);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
const ms = (v: number) => `${Math.round(v)} ms`;

/** The requests of one load, relative to navigation start (the worker's fetches included). */
function recordRequests(page: Page): () => Promise<string> {
  const finished: Request[] = [];
  const on = (r: Request) => void finished.push(r);
  page.on('requestfinished', on);
  return async () => {
    page.off('requestfinished', on);
    const origin = await page.evaluate(() => performance.timeOrigin);
    return finished
      .map((r) => {
        const t = r.timing();
        const start = t.startTime - origin;
        const url = new URL(r.url());
        const name =
          url.pathname === '/graphql'
            ? `gql:${r.postDataJSON()?.query?.match(/(query|mutation)\s+(\w+)/)?.[2] ?? '?'}`
            : url.pathname.replace(/^\/assets\//, '');
        return { start, text: `${name} ${Math.round(start)}->${Math.round(start + t.responseEnd)}` };
      })
      .sort((a, b) => a.start - b.start)
      .map((r) => r.text)
      .join(', ');
  };
}

async function pageLoad(side: Side, path: string, what: 'resultRows' | 'worksheetRows'): Promise<number> {
  const requests = TIMELINE ? recordRequests(side.page) : null;
  await side.page.goto(`${side.server.baseUrl}${path}`, { waitUntil: 'commit' });
  const at = await paintedAt(side.page, what);
  if (requests) {
    console.log(`      ${side.label} ${path.split('?')[0]}: ${await requests()}`);
    // The page's own stages (web/features/worksheet/engine/load-marks.ts, web/features/results/data/load-marks.ts);
    // a checkout without them prints nothing.
    const marks = await side.page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('worksheet:') || m.name.startsWith('result:'))
        .sort((a, b) => a.startTime - b.startTime)
        .map((m) => `${m.name.replace(/^\w+:/, '')} ${Math.round(m.startTime)}`),
    );
    if (marks.length) console.log(`      ${side.label} stages: ${marks.join(', ')}, rows painted ${Math.round(at)}`);
  }
  return at;
}

async function uploadCheck(side: Side): Promise<number> {
  const id = await side.newDraft();
  const page = side.page;
  await page.goto(`${side.server.baseUrl}/upload-dataset/step2?datafileId=${encodeURIComponent(id)}`);
  const next = page.getByTestId('upload-step2-next');
  await next.waitFor({ timeout: 120_000 });
  // The generated CSV carries no question texts: the user types the open-ended questions' (step 2 requires them).
  await page.getByTestId('upload-columns-table').waitFor({ timeout: 120_000 });
  for (const box of await page.locator('[data-testid^="open-question-"]').all())
    if ((await box.inputValue()) === '') await box.fill('What did you like about the trip?');
  await page.evaluate(() => {
    window.pagesBench.reset();
    performance.clearMarks();
  });
  const requests = TIMELINE ? recordRequests(page) : null;
  await next.click();
  const at = await paintedAt(page, 'estimate').catch(async (error: unknown) => {
    // What the page says instead (a refusal, problems at columns) makes a failed run readable.
    const said = await page
      .locator('[data-testid="upload-issues"], [data-testid="error-alert"]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`${side.label}: no estimate on ${page.url()}; the page says: ${said.join(' | ') || '(nothing)'}`, {
      cause: error,
    });
  });
  const clicked = await page.evaluate(() => window.pagesBench.pointerDown);
  if (clicked === null) throw new Error('the click was not seen');
  if (requests) console.log(`      ${side.label} step 2 -> 3: ${await requests()}`);
  // Where the wait went, from the app's own performance marks (the first of each after the click);
  // a checkout without them prints nothing here.
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
  );
  const first = new Map<string, number>();
  for (const m of marks) if (m.name.startsWith('upload:') && !first.has(m.name)) first.set(m.name, m.at - clicked);
  if (first.size > 0)
    console.log(
      `      ${side.label} marks after the click: ${[...first].map(([n, t]) => `${n.slice(7)} ${Math.round(t)}`).join(', ')}, estimate painted ${Math.round(at - clicked)}`,
    );
  return at - clicked;
}

const measures: Record<Figure, (side: Side) => Promise<number>> = {
  result: (side) => pageLoad(side, `/datafile-result?datafileId=${DEMO_DATAFILE}`, 'resultRows'),
  worksheet: (side) => pageLoad(side, `/datafile-work-sheet?datafileId=${DEMO_DATAFILE}`, 'worksheetRows'),
  upload: uploadCheck,
};

ensureWebBuild();
console.log(
  `bench:pages on ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${RUNS} runs per figure, warm cache${BASELINE ? `; BENCH_BASELINE ${BASELINE} alternating` : ''}`,
);
const sides: Side[] = [];
try {
  sides.push(await startSide('this checkout', undefined, UPLOAD_ROWS));
  if (BASELINE) sides.push(await startSide('baseline', BASELINE, UPLOAD_ROWS));
  // Warm: each page once (HTTP and code caches, the server's statement caches).
  for (const side of sides) for (const figure of FIGURES) await measures[figure](side);
  const times = new Map<string, number[]>();
  for (const figure of FIGURES) {
    console.log(`\n${figure}: load average ${load()}`);
    for (let run = 0; run < RUNS; run++)
      for (const side of sides) {
        const t = await measures[figure](side);
        times.set(`${figure}:${side.label}`, [...(times.get(`${figure}:${side.label}`) ?? []), t]);
        console.log(`   run ${run + 1} ${side.label.padEnd(14)} ${ms(t).padStart(8)}   load ${load()}`);
      }
  }
  console.log(`\nSummary (median of ${RUNS}; load average now ${load()})`);
  const labels: Record<Figure, string> = {
    result: 'result page, navigation -> table rows',
    worksheet: 'worksheet, navigation -> table rows',
    upload: `upload step 2 -> step 3 estimate, ${UPLOAD_ROWS.toLocaleString('en')} interviews`,
  };
  for (const figure of FIGURES) {
    const now = median(times.get(`${figure}:this checkout`)!);
    const base = BASELINE ? median(times.get(`${figure}:baseline`)!) : null;
    console.log(
      `   ${labels[figure].padEnd(56)} ${ms(now).padStart(8)}   goal <= ${GOALS[figure]} ms: ${now <= GOALS[figure] ? 'met' : 'MISSED'}${base === null ? '' : `   baseline ${ms(base)} (${(base / now).toFixed(2)}x)`}`,
    );
  }
} finally {
  for (const side of sides) await side.close();
}
