import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics (prom-client, one registry per Deps so tests do not share
 * counts). Counters and histograms count what this process did; Prometheus sums them over the
 * processes it scrapes. Gauges read from the database at scrape time (the job queue) describe the
 * whole installation: every process reports the same value.
 */
export type Metrics = {
  registry: Registry;
  /** One observation per HTTP request: route pattern (or the GraphQL root field), method, status. */
  requestSeconds: Histogram<'route' | 'operation' | 'method' | 'status'>;
  /** One request into requestSeconds, through the child of its labels (see requestObserver). */
  observeRequest: (route: string, operation: string, method: string, status: number, seconds: number) => void;
  /** Refusals with a catalogue code (GraphQL and the live endpoint), by code and reason. */
  refusals: Counter<'source' | 'code' | 'reason'>;
  /** Charges that wrote a ledger row (replays of an idempotency key are not counted), and their credits. */
  charges: Counter<'kind'>;
  creditsCharged: Counter<'kind'>;
  /** Live respondents answered: scored and charged, answered from the store, or a test respondent. */
  liveRespondents: Counter<'outcome'>;
  /** Jobs this process finished, by kind and final state, and how long their attempt ran. */
  jobsFinished: Counter<'kind' | 'state'>;
  jobSeconds: Histogram<'kind'>;
  /** Runs `collect` before every scrape (a database read for gauges that describe the installation). */
  gauge(name: string, help: string, labelNames: string[], collect: (set: GaugeSetter) => Promise<void>): void;
  /** The exposition text of every metric. */
  text(): Promise<string>;
};

export type GaugeSetter = (labels: Record<string, string>, value: number) => void;

/** Latency buckets (seconds): a `me` takes well under a millisecond, an upload check's request a second or more. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag: one set per process (tests create many Deps and skip them).
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'sqp_' });
  const registers = [registry];
  const pending = { flush: () => {} };
  const requestSeconds = new Histogram({
    name: 'sqp_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (GraphQL: the operation root field), method and status',
    labelNames: ['route', 'operation', 'method', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
    // Whoever reads the histogram (a scrape, get()) reads it with every request observed so far.
    collect: () => pending.flush(),
  });
  const observer = requestObserver(requestSeconds);
  pending.flush = observer.flush;
  return {
    registry,
    requestSeconds,
    observeRequest: observer.observe,
    refusals: new Counter({
      name: 'sqp_refusals_total',
      help: 'Requests refused with a catalogue code, by source (graphql, live), code and reason',
      labelNames: ['source', 'code', 'reason'],
      registers,
    }),
    charges: new Counter({
      name: 'sqp_credit_charges_total',
      help: 'Ledger charges written by this process (replays not counted), by kind',
      labelNames: ['kind'],
      registers,
    }),
    creditsCharged: new Counter({
      name: 'sqp_credits_charged_total',
      help: 'Credits of the charges written by this process, by kind',
      labelNames: ['kind'],
      registers,
    }),
    liveRespondents: new Counter({
      name: 'sqp_live_respondents_total',
      help: 'Live respondents answered by this process: scored, already_received, test',
      labelNames: ['outcome'],
      registers,
    }),
    jobsFinished: new Counter({
      name: 'sqp_jobs_finished_total',
      help: 'Jobs this process finished, by kind and final state',
      labelNames: ['kind', 'state'],
      registers,
    }),
    jobSeconds: new Histogram({
      name: 'sqp_job_attempt_duration_seconds',
      help: 'Duration of the job attempts this process finished, by kind',
      labelNames: ['kind'],
      buckets: JOB_BUCKETS,
      registers,
    }),
    gauge(name, help, labelNames, collect) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          await collect((labels, value) => this.set(labels, value));
        },
      });
    },
    text: () => registry.metrics(),
  };
}

/** Label sets whose child is kept; past this many (a flood of invented methods) observations go through prom-client's own path. */
const CACHED_LABEL_SETS = 500;
/** Observations a label set holds before they go into the histogram (also before every read of it). */
const PENDING_PER_SET = 256;

/**
 * Observations by label set through prom-client's child of that set: observe(labels) checks and
 * hashes the labels on every call (sorting their names, joining their values), where every request
 * of a route, operation, method and status lands in the same series. A request only notes its
 * duration in its set's list; the list goes through the child (in order, so the sums are the same
 * to the last bit) when it is full and before the histogram is read: in a request, the child's
 * checks, label hash and bucket lookup cost a few microseconds of the request's caches.
 */
function requestObserver(histogram: Metrics['requestSeconds']) {
  type Child = ReturnType<Metrics['requestSeconds']['labels']>;
  type Series = { child: Child; seconds: number[] };
  const sets = new Map<string, Series>();
  const drain = (series: Series) => {
    for (const seconds of series.seconds) series.child.observe(seconds);
    series.seconds.length = 0;
  };
  const observe: Metrics['observeRequest'] = (route, operation, method, status, seconds) => {
    const key = `${status}\u0000${method}\u0000${operation}\u0000${route}`;
    let series = sets.get(key);
    if (!series) {
      const labels = { route, operation, method, status: String(status) };
      if (sets.size >= CACHED_LABEL_SETS) return histogram.observe(labels, seconds);
      sets.set(key, (series = { child: histogram.labels(labels), seconds: [] }));
    }
    if (series.seconds.push(seconds) >= PENDING_PER_SET) drain(series);
  };
  return { observe, flush: () => sets.forEach(drain) };
}

/** The GraphQL handler names the operation of a request here, for the request histogram's label. */
const operations = new WeakMap<Request, string>();
export const labelOperation = (request: Request, operation: string) => void operations.set(request, operation);
export const operationOf = (request: Request): string => operations.get(request) ?? '';
