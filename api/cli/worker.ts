import { runProcess } from '../server';

// `npm run worker`: a process that runs background jobs only (no HTTP app), beside API processes
// with JOB_CONCURRENCY=0 on the same database and storage; health and metrics on METRICS_PORT. It
// builds nothing (a container has no build tools): `npm start` or `npm run build` made the WASM.
await runProcess('worker');
