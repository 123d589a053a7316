// Simulated respondents for `npm run bench:behaviour`, each answering one open question on a page
// that runs the real snippet core, in Chromium. People type with inter-key intervals drawn from a
// right-skewed (log-normal) distribution fitted to published figures: 136 million keystrokes of
// 168,000 typists, mean inter-key interval about 239 ms with a standard deviation about 111 ms
// (Dhakal, Feit, Kristensson and Oulasvirta, "Observations on Typing from 136 Million Keystrokes",
// CHI 2018). Each person has a speed of their own around that mean, makes and corrects typos and
// pauses to think. The others paste, fill the field by script, type at a constant interval or leave
// the tab and come back to paste.
import type { Page } from 'playwright-core';

export type Kind = 'typed' | 'pasted' | 'filled' | 'bot' | 'switched';
export const KINDS: readonly Kind[] = ['typed', 'pasted', 'filled', 'bot', 'switched'];

/** Parameters of one set of respondents: the tuning set and the held-out set differ in every one. */
export type Params = {
  seed: number;
  /** People: mean of the persons' mean intervals (ms), their spread, the within-person coefficient of variation. */
  personMeanMs: number;
  personSpreadMs: number;
  withinCv: number;
  /** Per key: chance of a typo corrected with Backspace, chance of a pause to think (1-4 s). */
  typoRate: number;
  pauseRate: number;
  /** Bots: their constant delays between keys (ms). */
  botDelays: readonly number[];
  /** Keys a paster types before pasting (0..n). */
  keysBeforePaste: number;
  /** Filling by script: 'value' (value plus an input event) or 'fill' (Playwright's fill). */
  fill: 'value' | 'fill';
  answers: readonly string[];
};

export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
/** A log-normal draw with the given mean and coefficient of variation. */
function logNormal(r: () => number, mean: number, cv: number) {
  const s2 = Math.log(1 + cv * cv);
  return Math.exp(Math.log(mean) - s2 / 2 + Math.sqrt(s2) * normal(r));
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The clipboard is the browser's, shared by every tab: one tab at a time writes and pastes, or a
// paste would take another tab's text, or none.
let clipboard: Promise<unknown> = Promise.resolve();
function pasteText(page: Page, text: string): Promise<void> {
  const turn = clipboard.then(async () => {
    // Only the focused tab may write the clipboard.
    await page.bringToFront();
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.keyboard.press('Control+V');
  });
  clipboard = turn.catch(() => undefined);
  return turn;
}

/** What the page's snippet recorded for the answer, and the answer's length. */
export type Recorded = {
  kind: Kind;
  params: number;
  behaviour: Record<string, number | boolean | null>;
  length: number;
};

/** One respondent of `kind` on a fresh load of the bench page (`url`); returns what the snippet recorded. */
export async function answer(page: Page, url: string, kind: Kind, p: Params, i: number): Promise<Recorded> {
  const r = rng(p.seed * 1000 + i * 7 + KINDS.indexOf(kind));
  const text = p.answers[Math.floor(r() * p.answers.length)]!;
  await page.goto(url);
  const box = page.locator('#answer');
  // Reading the question first.
  await sleep(200 + r() * 400);
  if (kind === 'typed') {
    await box.click();
    const mean = Math.max(110, p.personMeanMs + normal(r) * p.personSpreadMs);
    for (const c of text) {
      if (r() < p.typoRate) {
        await page.keyboard.type('x');
        await sleep(logNormal(r, mean, p.withinCv));
        await page.keyboard.press('Backspace');
        await sleep(logNormal(r, mean, p.withinCv));
      }
      await page.keyboard.type(c);
      await sleep(r() < p.pauseRate ? 1000 + r() * 3000 : logNormal(r, mean, p.withinCv));
    }
  } else if (kind === 'bot') {
    await box.click();
    await page.keyboard.type(text, { delay: p.botDelays[i % p.botDelays.length]! });
  } else if (kind === 'filled') {
    if (p.fill === 'fill') await box.fill(text);
    else
      await page.evaluate((t) => {
        const el = document.getElementById('answer') as HTMLTextAreaElement;
        el.value = t;
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, text);
  } else {
    await box.click();
    const keys = Math.floor(r() * (p.keysBeforePaste + 1));
    for (let k = 0; k < keys; k++) await page.keyboard.press(k % 2 ? 'Backspace' : 'a');
    if (kind === 'switched')
      // Headless Chromium keeps every tab visible and focused, so the bench fires what a real tab
      // switch fires on the page: blur, then visibilitychange to hidden and back.
      await page.evaluate(() => {
        window.dispatchEvent(new Event('blur'));
        Object.defineProperty(document, 'hidden', { value: true, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        Object.defineProperty(document, 'hidden', { value: false, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
    await sleep(300 + r() * 700);
    await pasteText(page, text);
  }
  await sleep(100);
  return page.evaluate(
    ({ kind, params }) => {
      const value = (document.getElementById('answer') as HTMLTextAreaElement).value;
      (window as unknown as { done: (a: string) => void }).done(value);
      const b = JSON.parse(sessionStorage.getItem('sqp') || '{}').Q1?.behaviour ?? {};
      return { kind, params, behaviour: b, length: value.length };
    },
    { kind, params: p.seed },
  );
}
