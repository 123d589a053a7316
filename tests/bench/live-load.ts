/**
 * The load generator of `npm run bench:live`, a process of its own on loopback: sends respondents
 * at a fixed rate (open loop: a slow answer does not slow the sending, so latency is measured from
 * when each request was due, not when it left) for `seconds`, each with a new record id.
 * Prints one JSON line: sent, ok, errors by status, seconds, achieved rate, p50/p95/p99 in ms.
 */
import { respondentBody } from './live-support';

const [url, secret, rateText, secondsText, prefix] = process.argv.slice(2) as [string, string, string, string, string];
const rate = Number(rateText);
const total = Math.round(rate * Number(secondsText));
const latencies = new Float64Array(total);
const statuses = new Map<number, number>();
let done = 0;
let ok = 0;
const started = performance.now();
const inflight: Promise<void>[] = [];

async function one(i: number, due: number) {
  let status = 0;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-live-key': secret },
      body: respondentBody(`${prefix}-${i}`, i),
    });
    await res.arrayBuffer();
    status = res.status;
  } catch {
    status = -1;
  }
  latencies[i] = performance.now() - due;
  if (status === 200) ok++;
  else statuses.set(status, (statuses.get(status) ?? 0) + 1);
  done++;
}

for (let i = 0; i < total; i++) {
  const due = started + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await Bun.sleep(wait);
  inflight.push(one(i, due));
}
await Promise.all(inflight);
const seconds = (performance.now() - started) / 1000;
const sorted = Array.from(latencies).sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
console.log(
  JSON.stringify({
    sent: total,
    ok,
    errors: Object.fromEntries(statuses),
    seconds,
    rate: done / seconds,
    okRate: ok / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  }),
);
