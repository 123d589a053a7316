// In-page instruments of `npm run bench:pages`, installed before the app's own scripts (an init
// script): from the document's start, every animation frame looks for each watched element; the
// first frame after the one that found it is its "painted" time on the page's own clock
// (performance.now(), whose origin is the navigation start), so Playwright's round trips never count.
import type { BrowserContext, Page } from 'playwright-core';

export const WATCHED = {
  resultRows: '[data-testid="interview-table"] [data-row]',
  worksheetRows: '[data-testid="decision-table"] [data-row]',
  estimate: '[data-testid="credit-estimate"]',
} as const;
export type Watched = keyof typeof WATCHED;

declare global {
  interface Window {
    pagesBench: {
      /** Painted time of each watched element since the last reset (performance.now()). */
      painted: Partial<Record<Watched, number>>;
      /** The last pointerdown's own timestamp (the input event's time, not when a handler ran). */
      pointerDown: number | null;
      reset: () => void;
    };
  }
}

function install(watched: Record<string, string>) {
  const state: Window['pagesBench'] = {
    painted: {},
    pointerDown: null,
    reset: () => {
      state.painted = {};
      state.pointerDown = null;
    },
  };
  window.pagesBench = state;
  const found: Record<string, boolean> = {};
  const frame = () => {
    for (const [name, selector] of Object.entries(watched)) {
      if (state.painted[name as Watched] !== undefined || found[name]) continue;
      if (document.querySelector(selector)) {
        found[name] = true;
        requestAnimationFrame((t) => {
          state.painted[name as Watched] = t;
          found[name] = false;
        });
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  addEventListener('pointerdown', (e) => void (state.pointerDown = e.timeStamp), true);
}

export async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript(install, WATCHED as unknown as Record<string, string>);
}

/** Waits until `what` has been painted since the page loaded (or the last reset); its painted time. */
export async function paintedAt(page: Page, what: Watched, timeoutMs = 120_000): Promise<number> {
  await page.waitForFunction((w) => window.pagesBench?.painted[w as Watched] !== undefined, what, {
    timeout: timeoutMs,
    polling: 100,
  });
  return page.evaluate((w) => window.pagesBench.painted[w as Watched]!, what);
}
