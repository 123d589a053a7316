/**
 * The fallback load generator for `npm run bench:db` when wrk is not installed and cannot be:
 * `connections` keep-alive clients in this separate process, each sending the request again as
 * soon as the answer arrives, for `seconds`. Prints one JSON line: requests, errors, seconds,
 * p50 and p99 latency in ms.
 */
const [url, connectionsText, secondsText, bodyFile, headersJson] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const body = await Bun.file(bodyFile).text();
const headers = JSON.parse(headersJson) as Record<string, string>;
const deadline = performance.now() + Number(secondsText) * 1000;
const latencies: number[] = [];
let errors = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(connectionsText) }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: 'POST', headers, body });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, errors, seconds, p50: at(0.5), p99: at(0.99) }));
export {};
