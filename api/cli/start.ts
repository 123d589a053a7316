import { buildIfStale } from './build';

// `npm start`: build what is missing or stale, then run the server (migrate, seed a new database, serve).
buildIfStale();
const { runProcess } = await import('../server');
await runProcess('server');
