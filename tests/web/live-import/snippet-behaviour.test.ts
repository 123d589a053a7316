import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRespondent } from '../../../api/modules/live-import/live-respondent';
import { snippetCore } from '../../../web/features/live-import/state/snippets';

const PAGES = [
  { label: 'Q1', criterion: 'OES' },
  { label: 'Q2', criterion: 'OES' },
];
const SERVER_PAGES = PAGES.map((p) => ({ ...p, questionTitle: 'Frage', keywords: [], languages: [] })) as never;

type Snippet = { page(label: string): (answer?: unknown) => void; send(id: string): Promise<unknown> };

/** The real snippet core in this document; what it would send is captured instead of leaving the test. */
function load() {
  const sent: string[] = [];
  const fetch = async (_url: string, init: { body: string }) => {
    sent.push(init.body);
    return new Response('{"status":"SCORED"}', { status: 200 });
  };
  const make = new Function(
    'sessionStorage',
    'localStorage',
    'window',
    'document',
    'fetch',
    `${snippetCore({ endpoint: 'https://x/api/live/d/respondents', secretKey: 'lk_x', pages: PAGES })}\nreturn SQP;`,
  );
  const sqp = make(sessionStorage, localStorage, window, document, fetch) as Snippet;
  return { sqp, sent };
}

function field() {
  document.body.innerHTML = '<form><textarea id="a"></textarea></form>';
  return document.getElementById('a') as HTMLTextAreaElement;
}
const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);
function key(t: HTMLTextAreaElement, k: string) {
  t.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  t.value = k === 'Backspace' ? t.value.slice(0, -1) : t.value + k;
  t.dispatchEvent(new Event('input', { bubbles: true }));
}
function paste(t: HTMLTextAreaElement, text: string) {
  const e = new Event('paste', { bubbles: true });
  Object.defineProperty(e, 'clipboardData', { value: { getData: () => text } });
  t.dispatchEvent(e);
  t.value += text;
  t.dispatchEvent(new Event('input', { bubbles: true }));
}
async function behaviourSent(s: { sqp: Snippet; sent: string[] }, label = 'Q1') {
  await s.sqp.send('R1');
  const body = JSON.parse(s.sent.at(-1)!);
  // The server's own reader accepts what the snippet sends.
  const read = readRespondent(body, SERVER_PAGES);
  const sentFields = Object.entries(body.answers[label].behaviour).filter(([, v]) => v !== null);
  expect(read.answers[label]!.behaviour).toEqual(Object.fromEntries(sentFields));
  return { behaviour: body.answers[label].behaviour, body };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
  sessionStorage.clear();
  document.documentElement.className = '';
});
afterEach(() => vi.useRealTimers());

describe('the snippet measures how an open answer came about', () => {
  it('a typed answer: key presses, rhythm, corrections and the first key, and never the text itself', async () => {
    const s = load();
    const t = field();
    const done = s.sqp.page('Q1');
    wait(3000);
    t.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const gaps = [180, 240, 130, 320, 210, 260, 150, 400, 190, 230];
    'Gute Beratu'.split('').forEach((c, i) => {
      key(t, c);
      wait(gaps[i % gaps.length]!);
    });
    key(t, 'Backspace');
    wait(300);
    key(t, 'u');
    done(t.value);
    const { behaviour, body } = await behaviourSent(s);
    expect(behaviour).toMatchObject({
      keys: 13,
      deletions: 1,
      firstKeyMs: 3000,
      pastes: 0,
      pastedChars: 0,
      unexplainedChars: 0,
      translated: false,
    });
    expect(behaviour.ikiMedianMs).toBeGreaterThan(150);
    expect(behaviour.ikiMedianMs).toBeLessThan(300);
    expect(behaviour.ikiIqrMs).toBeGreaterThan(30);
    expect(behaviour.regularShare).toBeLessThan(0.5);
    // Timing and counts only: no string leaves in the behaviour, and the intervals stay in the tab.
    expect(Object.values(behaviour).every((v) => typeof v === 'number' || typeof v === 'boolean')).toBe(true);
    expect(JSON.stringify(body.answers.Q1.behaviour)).not.toContain('Gute');
    expect(sessionStorage.getItem('sqp-iki')).toBeNull();
  });

  it('a bot typing at a constant rhythm shows nearly all intervals regular', async () => {
    const s = load();
    const t = field();
    const done = s.sqp.page('Q1');
    for (const c of 'perfectly even typing') {
      key(t, c);
      wait(100);
    }
    done(t.value);
    const { behaviour } = await behaviourSent(s);
    expect(behaviour.ikiMedianMs).toBe(100);
    expect(behaviour.ikiIqrMs).toBe(0);
    expect(behaviour.regularShare).toBe(1);
  });

  it('switching away and coming back to paste counts the paste, its length and the switch', async () => {
    const s = load();
    const t = field();
    const done = s.sqp.page('Q1');
    window.dispatchEvent(new Event('blur'));
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    wait(20_000);
    paste(t, 'A long and polished answer written elsewhere.');
    done(t.value);
    const { behaviour } = await behaviourSent(s);
    expect(behaviour).toMatchObject({
      keys: 0,
      pastes: 1,
      pastedChars: 45,
      pastesAfterSwitch: 1,
      focusLosses: 1,
      hidden: 1,
      unexplainedChars: 0,
    });
    expect(behaviour.ikiMedianMs).toBeUndefined();
  });

  it('text set by a script, with an input event or none, counts as appeared without typing', async () => {
    const s = load();
    const t = field();
    const done = s.sqp.page('Q1');
    t.value = 'Filled by an extension';
    t.dispatchEvent(new Event('input', { bubbles: true }));
    done(t.value);
    expect((await behaviourSent(s)).behaviour).toMatchObject({ keys: 0, pastes: 0, unexplainedChars: 22 });

    const quiet = load();
    const u = field();
    const finish = quiet.sqp.page('Q2');
    u.value = 'Set without events';
    finish(u.value);
    expect((await behaviourSent(quiet, 'Q2')).behaviour).toMatchObject({ keys: 0, unexplainedChars: 18 });
  });

  it('a page the browser translated is marked', async () => {
    const s = load();
    const t = field();
    const done = s.sqp.page('Q1');
    key(t, 'a');
    document.documentElement.className = 'translated-ltr';
    done(t.value);
    expect((await behaviourSent(s)).behaviour.translated).toBe(true);
  });
});
