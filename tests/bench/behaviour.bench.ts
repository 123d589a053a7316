// `npm run bench:behaviour`: how well the behaviour score (BAS) tells typed answers from pasted,
// script-filled, bot-typed and switched-then-pasted ones. A local page runs the real snippet core
// in Chromium (playwright-core, real key and paste events); simulated respondents answer one open
// question (tests/bench/behaviour/respondents.ts); the scoring core categorises what the snippet
// recorded. The thresholds are tuned on one set of respondents and reported on a held-out set whose
// seeds, typing speeds, corrections, bot delays, answers and fill method all differ. Prints per kind
// the share flagged (category other than natural; goals: >= 98 % of pasted, filled, bot and
// switched answers, <= 1 % of typed ones) and the AUC of the BAS against typed answers.
// BENCH_TYPED (30) and BENCH_OTHERS (12) set the respondents per set and kind; BENCH_TABS (8) the
// tabs answering at once. Not part of the test suite.
import { loadavg } from 'node:os';
import { launchBrowser } from '../support/browser/browser.ts';
import { ensureScoringBuilt } from '../support/scoring-build.ts';
import { loadScoringFromDisk } from '../../scoring/load-node.ts';
import { BEHAVIOUR_CATEGORIES, BEHAVIOUR_THRESHOLDS, type BehaviourThresholds } from '../../scoring/index.ts';
import { snippetCore } from '../../web/features/live-import/state/snippets.ts';
import { answer, KINDS, type Kind, type Params, type Recorded } from './behaviour/respondents.ts';

const TYPED = Number(process.env.BENCH_TYPED ?? 30);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 12);
const TABS = Number(process.env.BENCH_TABS ?? 8);
const URL_ = 'http://localhost:9/survey';

const TUNE: Params = {
  seed: 11,
  personMeanMs: 239,
  personSpreadMs: 60,
  withinCv: 0.46,
  typoRate: 0.03,
  pauseRate: 0.02,
  botDelays: [40, 80, 120],
  keysBeforePaste: 2,
  fill: 'value',
  answers: [
    'Die Beratung war sehr freundlich.',
    'Zu lange Wartezeit an der Kasse',
    'The staff were helpful and kind',
    'Gute Auswahl, faire Preise.',
    'Parking was hard to find today',
  ],
};
const HELD_OUT: Params = {
  seed: 97,
  personMeanMs: 290,
  personSpreadMs: 90,
  withinCv: 0.6,
  typoRate: 0.06,
  pauseRate: 0.04,
  botDelays: [25, 60, 150, 220],
  keysBeforePaste: 4,
  fill: 'fill',
  answers: [
    'Mehr vegetarische Gerichte bitte',
    'Checkout took far too long again',
    'Alles bestens, gerne wieder!',
    'Prices went up but quality did not',
    'Die App stürzt oft beim Bezahlen ab',
  ],
};

const page = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Umfrage</title></head><body>
<form><label for="answer">Was hat Ihnen gefallen?</label><textarea id="answer"></textarea></form>
<script>sessionStorage.clear();
${snippetCore({ endpoint: 'http://localhost:9/api/live/bench/respondents', secretKey: 'lk_bench', pages: [{ label: 'Q1', criterion: 'OES' }] })}
window.done = SQP.page('Q1');</script></body></html>`;

async function run(params: Params): Promise<Recorded[]> {
  const browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await browser.context.route('http://localhost:9/**', (r) => r.fulfill({ contentType: 'text/html', body: page }));
  const queue: [Kind, number][] = [];
  for (const kind of KINDS) for (let i = 0; i < (kind === 'typed' ? TYPED : OTHERS); i++) queue.push([kind, i]);
  const out: Recorded[] = [];
  await Promise.all(
    Array.from({ length: TABS }, async () => {
      const tab = await browser.context.newPage();
      for (let next = queue.shift(); next; next = queue.shift())
        out.push(await answer(tab, URL_, next[0], params, next[1]));
    }),
  );
  await browser.close();
  return out;
}

ensureScoringBuilt();
const scoring = await loadScoringFromDisk();
const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
const categories = (set: Recorded[], t: BehaviourThresholds) =>
  scoring.behaviourCategories(
    set.map((r) => ({
      length: r.length,
      keys: num(r.behaviour.keys),
      ikiMedianMs: num(r.behaviour.ikiMedianMs),
      ikiIqrMs: num(r.behaviour.ikiIqrMs),
      regularShare: num(r.behaviour.regularShare),
      pastedChars: num(r.behaviour.pastedChars),
      pastesAfterSwitch: num(r.behaviour.pastesAfterSwitch),
      unexplainedChars: num(r.behaviour.unexplainedChars),
    })),
    t,
  );
/** Flagged: any category but natural (a respondent whose answer is not scored counts as not flagged). */
const flaggedShare = (set: Recorded[], cats: Int32Array, kind: Kind) => {
  const idx = set.flatMap((r, i) => (r.kind === kind ? [i] : []));
  return idx.filter((i) => cats[i]! > 1).length / Math.max(1, idx.length);
};
/** AUC of the BAS (lower = more suspect) between `kind` and typed answers; unscored reads as 100. */
function auc(set: Recorded[], cats: Int32Array, kind: Kind) {
  const bas = scoring.bas([cats]).score;
  const v = (i: number) => (Number.isNaN(bas[i]!) ? 100 : bas[i]!);
  const bad = set.flatMap((r, i) => (r.kind === kind ? [v(i)] : []));
  const good = set.flatMap((r, i) => (r.kind === 'typed' ? [v(i)] : []));
  let s = 0;
  for (const b of bad) for (const g of good) s += b < g ? 1 : b === g ? 0.5 : 0;
  return s / Math.max(1, bad.length * good.length);
}
const BAD: Kind[] = ['pasted', 'filled', 'bot', 'switched'];
function quality(set: Recorded[], t: BehaviourThresholds) {
  const cats = categories(set, t);
  const shares = BAD.map((k) => flaggedShare(set, cats, k));
  return {
    typed: flaggedShare(set, cats, 'typed'),
    worst: Math.min(...shares),
    mean: shares.reduce((a, b) => a + b, 0) / shares.length,
  };
}

/**
 * Thresholds that catch the most of the worst-caught kind, then the most on average, with at most
 * 1 % typed flagged (else the fewest typed flagged).
 */
function tune(set: Recorded[]): BehaviourThresholds {
  let best = BEHAVIOUR_THRESHOLDS;
  let bestQ = quality(set, best);
  const better = (q: typeof bestQ) =>
    q.typed <= 0.01
      ? bestQ.typed > 0.01 || q.worst > bestQ.worst || (q.worst === bestQ.worst && q.mean > bestQ.mean)
      : bestQ.typed > 0.01 && q.typed < bestQ.typed;
  for (const minChars of [5, 8, 12])
    for (const share of [0.2, 0.3, 0.5])
      for (const regularShare of [0.3, 0.4, 0.5, 0.6, 0.7])
        for (const fastestMedianMs of [30, 40, 60, 80])
          for (const leastSpread of [0.05, 0.1, 0.15, 0.2, 0.3, 0.4]) {
            const t = { minChars, share, regularShare, fastestMedianMs, leastSpread };
            const q = quality(set, t);
            if (better(q)) [best, bestQ] = [t, q];
          }
  return best;
}

function report(name: string, set: Recorded[], t: BehaviourThresholds) {
  const cats = categories(set, t);
  console.log(`\n${name}: ${set.length} respondents, thresholds ${JSON.stringify(t)}`);
  console.log('kind        n   flagged  goal     met  AUC vs typed  categories');
  for (const kind of KINDS) {
    const n = set.filter((r) => r.kind === kind).length;
    const share = flaggedShare(set, cats, kind);
    const goal = kind === 'typed' ? share <= 0.01 : share >= 0.98;
    const seen = new Map<string, number>();
    set.forEach((r, i) => {
      if (r.kind === kind)
        seen.set(BEHAVIOUR_CATEGORIES[cats[i]!]!, (seen.get(BEHAVIOUR_CATEGORIES[cats[i]!]!) ?? 0) + 1);
    });
    console.log(
      `${kind.padEnd(10)} ${String(n).padStart(3)}  ${(share * 100).toFixed(1).padStart(6)} %  ${kind === 'typed' ? '<= 1 %' : '>= 98 %'}  ${goal ? 'yes' : 'NO '}  ${kind === 'typed' ? '     -      ' : auc(set, cats, kind).toFixed(3).padStart(8) + '    '}  ${[...seen].map(([c, k]) => `${c} ${k}`).join(', ')}`,
    );
  }
  const all = BAD.map((k) => auc(set, cats, k));
  console.log(`AUC, every other kind against typed: ${(all.reduce((a, b) => a + b, 0) / all.length).toFixed(3)}`);
}

const started = performance.now();
console.log(
  `bench:behaviour  load ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}  ${TYPED} typed and ${OTHERS} of each other kind per set, ${TABS} tabs`,
);
const tuning = await run(TUNE);
const tuned = tune(tuning);
report('Tuning set', tuning, tuned);
const held = await run(HELD_OUT);
report('Held-out set (tuned thresholds)', held, tuned);
report('Held-out set (default thresholds)', held, BEHAVIOUR_THRESHOLDS);
const typedIki = held
  .filter((r) => r.kind === 'typed')
  .map((r) => num(r.behaviour.ikiMedianMs))
  .filter((v) => v === v)
  .sort((a, b) => a - b);
console.log(
  `\nHeld-out typed: median inter-key interval per respondent ${typedIki[0]}-${typedIki.at(-1)} ms (median ${typedIki[typedIki.length >> 1]})`,
);
// How far from the thresholds the two sides stay: a perfect score on easy kinds says little on its own.
for (const kind of ['typed', 'bot'] as const) {
  const rows = held.filter((r) => r.kind === kind && typeof r.behaviour.ikiMedianMs === 'number');
  const share = rows.map((r) => num(r.behaviour.regularShare));
  const spread = rows.map((r) => num(r.behaviour.ikiIqrMs) / num(r.behaviour.ikiMedianMs));
  const range = (v: number[]) => `${Math.min(...v).toFixed(2)}-${Math.max(...v).toFixed(2)}`;
  console.log(`Held-out ${kind}: share of regular intervals ${range(share)}, IQR / median ${range(spread)}`);
}
console.log(
  `${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
