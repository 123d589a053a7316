import { buildIfStale } from './build';

// `npm run worker`: a process that runs background jobs only (no HTTP app), beside API processes
// with JOB_CONCURRENCY=0 on the same database and storage; health and metrics on METRICS_PORT.
buildIfStale();
const { runProcess } = await import('../server');
await runProcess('worker');
