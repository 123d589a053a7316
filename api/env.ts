import { resolveDatabaseUrl } from '../db/url';
import { readJudgeConfig, type JudgeConfig } from './infra/judge/judge.config';
import { readCoherenceConfig, type CoherenceConfig } from './infra/judge/coherence.config';
import { LOG_LEVELS, type LogLevel } from './lib/logger';

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** Base URL used in mail links, e.g. http://localhost:3000. */
  publicUrl: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** When absent, mails stay in the outbox table and are logged. */
  smtpUrl: string | undefined;
  mailFrom: string;
  storageDir: string;
  /** S3-compatible storage for uploads (all of S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; S3_ENDPOINT and S3_REGION optional). */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  /** Secret for sealing API keys and signing upload URLs; generated and kept in the database when absent outside production. */
  appSecret: string | undefined;
  sessionTtlSeconds: number;
  /** How often the recurring jobs (calendar, mail outbox) are enqueued, one per time slot across all processes (minutes; 0 = off). */
  jobIntervalMinutes: number;
  /** Background job runner of this process (api/jobs). */
  jobs: {
    /** Jobs run at once by this process (0 = this process runs none, e.g. an API-only node). */
    concurrency: number;
    /** Of those, jobs whose heavy step runs in a Worker thread at once. */
    workerThreads: number;
    /** How often an idle runner looks for work (ms; jobs enqueued in this process start at once). */
    pollMs: number;
    /** Lease length: a job whose runner stopped renewing it is taken again after this (seconds). */
    leaseSeconds: number;
    /** Default time limit of one Worker step (seconds). */
    workerTimeoutSeconds: number;
    /** Default memory limit of one Worker step: growth of the process's resident memory while it runs (MB). */
    workerMaxMb: number;
    /**
     * Early work (an upload's check reading its file while step 2 is read) at once in this process,
     * and of those per organisation; over either, a preview starts none (worker-standby.ts).
     */
    earlyReads: number;
    earlyReadsPerOrganisation: number;
    /** Finished jobs are deleted after this many days. */
    retentionDays: number;
    /** SIGTERM: how long running jobs get to finish before they are handed back to the queue (seconds). */
    stopGraceSeconds: number;
    /** Registers the test-only job kinds (api/jobs/test-kinds/test-kinds.ts); refused outside NODE_ENV=test. */
    testKinds: boolean;
  };
  /** Size cap of one uploaded survey file (bytes). */
  uploadMaxBytes: number;
  /** Bytes of request bodies (GraphQL, live respondents) one process holds at a time; past it 503 with Retry-After. */
  bodyBudgetBytes: number;
  /** REQUEST_TIME_BUDGET_MS: how long one GraphQL request may run before it is stopped (api/lib/request-budget.ts). */
  requestBudgetMs: number;
  /** Process a checked upload while step 3 is shown, so the confirmation only publishes and charges (api/modules/uploads/upload-prepare.service.ts). */
  uploadPrepare: boolean;
  /** Live import: requests per second and burst per datafile key (token bucket), and seconds between published revisions. */
  live: { ratePerSecond: number; burst: number; publishSeconds: number };
  graphiql: boolean;
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are trusted for the client address (0: none). */
  trustProxyHops: number;
  /** The optional AI judge for open-ended answers (OES_JUDGE_*); undefined = off, no answer leaves the server. */
  oesJudge: JudgeConfig | undefined;
  /** The optional coherence check of whole interviews through the same judge (COHERENCE_JUDGE=on); undefined = off. */
  coherenceJudge: CoherenceConfig | undefined;
  /** Lowest level written to the JSON log (LOG_LEVEL): debug, info (with one line per request), error, silent. */
  logLevel: LogLevel;
  /**
   * Prometheus /metrics: on its own listener when `port` is set (METRICS_PORT, on METRICS_HOST),
   * else on the app's port for a SUPER_ADMIN credential or `Authorization: Bearer <METRICS_TOKEN>`.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** SIGTERM: how long in-flight requests get to finish before their connections are closed (seconds). */
  shutdownGraceSeconds: number;
  /** Storage retention (days): a deleted datafile's interview data, export files, uploaded source files. */
  retention: { deletedDatafileDays: number; exportDays: number; uploadSourceDays: number };
  /**
   * CERTIFICATE_SIGNING_KEY: the Ed25519 private key (PKCS#8 PEM; `\n` escapes allowed) that signs
   * certificates. Absent: a key pair is generated once and kept in the database, sealed by APP_SECRET.
   */
  certificateSigningKey?: string | undefined;
};

/** Reads and validates configuration once; a readable failure lists every problem. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const problems: string[] = [];
  const nodeEnv = (source.NODE_ENV ?? 'development') as Env['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv))
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = source[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const port = int('PORT', 3000, 0, 65535);
  const sessionTtlSeconds = int('SESSION_TTL_SECONDS', 8 * 60 * 60, 60, 30 * 24 * 60 * 60);
  const jobIntervalMinutes = int('JOB_INTERVAL_MINUTES', 5, 0, 24 * 60);
  const jobs: Env['jobs'] = {
    concurrency: int('JOB_CONCURRENCY', 2, 0, 64),
    workerThreads: int('JOB_WORKER_THREADS', 1, 1, 64),
    pollMs: int('JOB_POLL_MS', 1000, 20, 60_000),
    leaseSeconds: int('JOB_LEASE_SECONDS', 30, 1, 3600),
    workerTimeoutSeconds: int('JOB_WORKER_TIMEOUT_SECONDS', 600, 1, 24 * 3600),
    workerMaxMb: int('JOB_WORKER_MAX_MB', 2048, 16, 1024 * 1024),
    earlyReads: int('JOB_EARLY_READS', 4, 0, 64),
    earlyReadsPerOrganisation: int('JOB_EARLY_READS_PER_ORGANISATION', 2, 0, 64),
    retentionDays: int('JOB_RETENTION_DAYS', 30, 1, 3650),
    stopGraceSeconds: int('JOB_STOP_GRACE_SECONDS', 5, 0, 3600),
    testKinds: source.JOB_TEST_KINDS === 'true',
  };
  const uploadMaxBytes = int('UPLOAD_MAX_BYTES', 512 * 1024 * 1024, 1024, 64 * 1024 * 1024 * 1024);
  const uploadPrepare = source.UPLOAD_PREPARE !== 'false';
  const isProduction = nodeEnv === 'production';
  const appSecret = source.APP_SECRET || undefined;
  if (isProduction && (!appSecret || appSecret.length < 32))
    problems.push('APP_SECRET (at least 32 characters) is required in production');
  const smtpUrl = source.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    problems.push(`SMTP_URL must start with smtp:// or smtps:// (got "${smtpUrl}")`);
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3Keys.filter((k) => source[k]);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length)
    problems.push(
      `S3 storage needs all of ${s3Keys.join(', ')} (missing ${s3Keys.filter((k) => !source[k]).join(', ')})`,
    );
  const judge = readJudgeConfig(source);
  problems.push(...judge.problems);
  const coherence = readCoherenceConfig(source, judge.config);
  problems.push(...coherence.problems);
  if (jobs.testKinds && nodeEnv !== 'test') problems.push('JOB_TEST_KINDS is only allowed with NODE_ENV=test');
  const certificateSigningKey = source.CERTIFICATE_SIGNING_KEY
    ? source.CERTIFICATE_SIGNING_KEY.replace(/\\n/g, '\n')
    : undefined;
  if (certificateSigningKey && !certificateSigningKey.includes('-----BEGIN PRIVATE KEY-----'))
    problems.push('CERTIFICATE_SIGNING_KEY must be a PKCS#8 PEM (-----BEGIN PRIVATE KEY-----) of an Ed25519 key');
  const logLevel = (source.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  const metricsPort = source.METRICS_PORT ? int('METRICS_PORT', 0, 1, 65535) : undefined;
  const metricsToken = source.METRICS_TOKEN || undefined;
  if (metricsToken && metricsToken.length < 32) problems.push('METRICS_TOKEN must be at least 32 characters');
  if (metricsPort !== undefined && metricsPort === port) problems.push('METRICS_PORT must differ from PORT');
  const shutdownGraceSeconds = int('SHUTDOWN_GRACE_SECONDS', 20, 0, 3600);
  const retention: Env['retention'] = {
    deletedDatafileDays: int('RETENTION_DELETED_DATAFILE_DAYS', 30, 0, 3650),
    exportDays: int('RETENTION_EXPORT_DAYS', 30, 1, 3650),
    uploadSourceDays: int('RETENTION_UPLOAD_SOURCE_DAYS', 90, 1, 3650),
  };
  if (problems.length > 0) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return {
    nodeEnv,
    isProduction,
    port,
    publicUrl: (source.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: resolveDatabaseUrl(source.DATABASE_URL),
    databaseAuthToken: source.DATABASE_AUTH_TOKEN || undefined,
    smtpUrl,
    mailFrom: source.MAIL_FROM || 'Survey Quality <no-reply@example.com>',
    storageDir: source.STORAGE_DIR || './data/storage',
    s3:
      s3Set.length === s3Keys.length
        ? {
            bucket: source.S3_BUCKET!,
            endpoint: source.S3_ENDPOINT || undefined,
            region: source.S3_REGION || undefined,
            accessKeyId: source.S3_ACCESS_KEY_ID!,
            secretAccessKey: source.S3_SECRET_ACCESS_KEY!,
          }
        : undefined,
    appSecret,
    sessionTtlSeconds,
    jobIntervalMinutes,
    jobs,
    uploadMaxBytes,
    bodyBudgetBytes: int('BODY_BUDGET_BYTES', 32 * 1024 * 1024, 1024 * 1024, 8 * 1024 * 1024 * 1024),
    requestBudgetMs: int('REQUEST_TIME_BUDGET_MS', 60_000, 10, 10 * 60 * 1000),
    uploadPrepare,
    live: {
      ratePerSecond: int('LIVE_RATE_PER_SECOND', 2000, 1, 1_000_000),
      burst: int('LIVE_RATE_BURST', 4000, 1, 10_000_000),
      publishSeconds: int('LIVE_PUBLISH_SECONDS', 10, 1, 3600),
    },
    graphiql: source.GRAPHIQL ? source.GRAPHIQL === 'true' : !isProduction,
    trustProxyHops: int('TRUST_PROXY_HOPS', 0, 0, 10),
    oesJudge: judge.config,
    coherenceJudge: coherence.config,
    logLevel,
    metrics: { port: metricsPort, host: source.METRICS_HOST || '127.0.0.1', token: metricsToken },
    shutdownGraceSeconds,
    retention,
    certificateSigningKey,
  };
}
