import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream } from 'pino';

/** Structured one-line logs; tests pass a silent or collecting logger. */
export type Logger = {
  info: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: unknown) => void;
};

/**
 * What every log line written inside a request or a job carries: the request id (the caller's
 * X-Request-Id or one made for it; a job keeps the id of the request that enqueued it) and, in a
 * job, its id and kind. Held in AsyncLocalStorage, so code below the HTTP layer and the job runner
 * logs with it without passing it along.
 */
export type LogContext = { requestId?: string; jobId?: string; jobKind?: string };

const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with these fields added to the current log context. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return logContext.run({ ...logContext.getStore(), ...fields }, fn);
}

/** The request id of the code running now (inside a request, or a job a request enqueued). */
export const currentRequestId = (): string | undefined => logContext.getStore()?.requestId;

export const LOG_LEVELS = ['debug', 'info', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fields that may hold a secret: written as [redacted] wherever they occur one level down. */
const REDACT = ['password', 'token', 'secret', 'secretKey', 'authorization', 'apiKey', 'cookie'].flatMap((k) => [
  k,
  `*.${k}`,
]);

/**
 * JSON lines on stdout through pino: `time`, `level`, `msg`, the log context (requestId, jobId,
 * jobKind) and the given fields; an Error becomes `err` with its type, message and stack.
 */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  const log = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => logContext.getStore() ?? {},
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    options.destination ?? pino.destination({ fd: 1, sync: true }),
  );
  return {
    info: (msg, data) => (data ? log.info(data, msg) : log.info(msg)),
    error: (msg, data) => {
      if (data instanceof Error) log.error({ err: data }, msg);
      else if (data && typeof data === 'object') log.error(data as Record<string, unknown>, msg);
      else if (data !== undefined) log.error({ detail: String(data) }, msg);
      else log.error(msg);
    },
  };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
