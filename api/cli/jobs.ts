import { createDeps } from '../compose/create-deps';
import { readEnv } from '../env';
import { runJobsOnce } from '../compose/run-jobs';

// `npm run jobs:run`: one idempotent pass of the background jobs (the server runs the same on a timer).
const deps = await createDeps(readEnv());
console.log(JSON.stringify(await runJobsOnce(deps)));
deps.close();
