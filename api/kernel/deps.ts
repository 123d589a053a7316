import type { Db } from '../../db/client';
import type { Env } from '../env';
import type { JobHandler, JobSystem } from '../jobs';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { Metrics } from '../lib/metrics';
import type { PasswordKeys } from '../modules/auth/password-encryption';
import type { BlobStore } from '../infra/blob-store/blob-store';
import type { MailTransport } from '../infra/mail/mail.transport';
import type { Scoring } from '../../scoring/index.ts';

export type { Clock, Logger, Metrics };

/**
 * Everything the app needs from outside, as one value handed down from the composition root
 * (api/compose/create-deps.ts builds it; tests build their own with a temporary database, a fixed
 * clock and a test SMTP). Modules import this type only, never the root, so no module depends on
 * the file that wires every module together.
 */
export type Deps = {
  env: Env;
  db: Db;
  clock: Clock;
  log: Logger;
  /** This process's Prometheus metrics (api/lib/metrics.ts), served at /metrics. */
  metrics: Metrics;
  passwordKeys: PasswordKeys;
  /** Seals API keys and integration passwords, signs upload URLs. */
  appSecret: string;
  mailTransport: MailTransport | undefined;
  /** Stored files: local disk or an S3-compatible bucket (api/infra/blob-store/blob-store.ts). */
  blobs: BlobStore;
  /** Background jobs: kinds, enqueue, cancel (api/jobs); server.ts starts the runner. */
  jobs: JobSystem<Deps>;
  /** This process's scoring core, loaded once at start (job Worker threads load their own). */
  scoring: Scoring;
  close: () => void;
};

/** A job kind of the app: its handler gets the app's Deps. */
export type AppJobHandler<P, R> = JobHandler<P, R, Deps>;
