import { createDeps } from '../deps';
import { readEnv } from '../env';
import { runJobsOnce } from '../jobs/job-loop';

// `npm run jobs:run`: one idempotent pass of the background jobs (the server runs the same on a timer).
const deps = await createDeps(readEnv());
console.log(JSON.stringify(await runJobsOnce(deps)));
deps.close();
