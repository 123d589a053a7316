import { createDb, type DbHandle } from '../../db/client';
import { stopReadsPastBudget } from '../lib/request-budget';
import { migrateDb } from '../../db/migrate';
import type { Env } from '../env';
import { createJobSystem } from '../jobs/job-system';
import type { Deps } from '../kernel/deps';
import { randomToken } from '../lib/crypto';
import { systemClock, type Clock } from '../lib/clock';
import { createLogger, type Logger } from '../lib/logger';
import { createMetrics, type Metrics } from '../lib/metrics';
import { registerQueueMetrics } from '../jobs/job-metrics';
import { loadPasswordKeys } from '../modules/auth/password-encryption';
import { blobStoreConfig } from '../infra/blob-store/blob-store';
import { createBlobStore } from '../infra/blob-store/create-blob-store';
import { loadScoring, type Scoring } from '../../scoring/index.ts';
import { WASM_URL } from '../../scoring/load-node.ts';
import { readFile } from 'node:fs/promises';
import { createSmtpTransport, type MailTransport } from '../infra/mail/mail.transport';
import { readOrCreateSetting } from '../modules/settings/settings.repo';
import { registerJobKinds } from './job-kinds';

export type { Deps };

/** Builds the app's Deps (api/kernel/deps.ts): database migrated, secrets, mail, blob store, job kinds, scoring. */
export async function createDeps(
  env: Env,
  overrides: {
    clock?: Clock;
    log?: Logger;
    metrics?: Metrics;
    mailTransport?: MailTransport;
    handle?: DbHandle;
    scoring?: Scoring;
  } = {},
): Promise<Deps> {
  const handle =
    overrides.handle ?? (await createDb(env.databaseUrl, env.databaseAuthToken, { beforeRead: stopReadsPastBudget }));
  await migrateDb(handle.db);
  const clock = overrides.clock ?? systemClock;
  // Outside production a secret is generated once and kept in the database, so `npm start` needs no setup.
  const appSecret =
    env.appSecret ?? (await readOrCreateSetting(handle.db, 'appSecret', () => randomToken(32), clock.now()));
  const passwordKeys = await loadPasswordKeys(handle.db, appSecret, clock.now());
  const mailTransport = overrides.mailTransport ?? (env.smtpUrl ? createSmtpTransport(env.smtpUrl) : undefined);
  const scoring = overrides.scoring ?? (await loadScoringOnce());
  const metrics = overrides.metrics ?? createMetrics();
  const jobs = createJobSystem<Deps>(() => deps);
  registerJobKinds(jobs, env);
  const deps: Deps = {
    env,
    db: handle.db,
    clock,
    log: overrides.log ?? createLogger({ level: env.logLevel }),
    metrics,
    passwordKeys,
    appSecret,
    mailTransport,
    blobs: createBlobStore(blobStoreConfig(env, appSecret)),
    jobs,
    scoring,
    close: () => {
      mailTransport?.close();
      handle.close();
    },
  };
  registerQueueMetrics(deps);
  return deps;
}

/** Reads and instantiates scoring/build/scoring.wasm (built by `bun api/cli/build.ts`, which `npm start` and `npm test` run first). */
async function loadScoringOnce(): Promise<Scoring> {
  const bytes = await readFile(WASM_URL).catch((error) => {
    throw new Error(
      `cannot read the scoring core at ${WASM_URL.pathname}: run \`bun api/cli/build.ts\` first (${(error as Error).message})`,
    );
  });
  return loadScoring(bytes);
}
