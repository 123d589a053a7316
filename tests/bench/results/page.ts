// In-page instruments of `npm run bench:results`, installed before the app's own scripts run
// (an init script): every figure is read from the page's own clock (performance.now(), whose origin
// is the navigation start), so Playwright's round trips never count.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

declare global {
  interface Window {
    bench: {
      /** performance.now() of the frame after the one in which the first score tab was complete (navigation start = 0). */
      readyAt: number | null;
      longTasks: { start: number; duration: number }[];
      /** Waits for `selector`'s content to be complete and painted; resolves with the painted time. */
      painted: (kind: string) => Promise<number>;
      lastClick: number;
      /** rAF deltas recorded between start and stop. */
      frames: { start: () => void; stop: () => number[] };
    };
  }
}

/** The score tab of `kind` is complete: its histogram's canvas drawn and the table's first row in the DOM. */
function installInstruments() {
  const complete = (kind: string | null) => {
    const tab = kind
      ? document.querySelector(`[data-testid="score-tab-${kind}"]`)
      : document.querySelector('[data-testid^="score-tab-"]');
    return (
      !!tab &&
      !!tab.querySelector('[data-testid$="-canvas"] canvas') &&
      !!tab.querySelector('[data-testid="interview-table"] [data-row]')
    );
  };
  // "Painted": the rAF after the one that first saw the content; by then the frame holding it was presented.
  const painted = (kind: string | null) =>
    new Promise<number>((resolve) => {
      const check = () => {
        const ready = kind
          ? complete(kind)
          : complete(null) && !!document.querySelector('[data-testid="datafile-result-page"][data-ready="true"]');
        if (ready) requestAnimationFrame((t) => resolve(t));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  const frames: number[] = [];
  let recording = false;
  let last = 0;
  const tick = (t: number) => {
    if (!recording) return;
    if (last) frames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  window.bench = {
    readyAt: null,
    longTasks: [],
    painted: (kind: string) => painted(kind),
    lastClick: 0,
    frames: {
      start: () => {
        frames.length = 0;
        last = 0;
        recording = true;
        requestAnimationFrame(tick);
      },
      stop: () => {
        recording = false;
        return [...frames];
      },
    },
  };
  // The click's own timestamp (the input event's time), not when the handler ran.
  addEventListener(
    'pointerdown',
    (e) => {
      window.bench.lastClick = e.timeStamp;
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  void painted(null).then((t) => {
    window.bench.readyAt = t;
  });
}

export async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript(installInstruments);
}

/** Main-thread task time of the page so far (Chromium's Performance domain: TaskDuration, ScriptDuration, in ms). */
export async function mainThreadMs(cdp: CDPSession): Promise<{ task: number; script: number; layout: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const get = (n: string) => (metrics.find((m) => m.name === n)?.value ?? 0) * 1000;
  return {
    task: get('TaskDuration'),
    script: get('ScriptDuration'),
    layout: get('LayoutDuration') + get('RecalcStyleDuration'),
  };
}

export async function waitReady(page: Page, timeoutMs = 120_000): Promise<number> {
  await page.waitForFunction(() => window.bench?.readyAt !== null && window.bench?.readyAt !== undefined, undefined, {
    timeout: timeoutMs,
    polling: 200,
  });
  return page.evaluate(() => window.bench.readyAt!);
}
