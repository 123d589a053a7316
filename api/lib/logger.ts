import pino, { type DestinationStream } from 'pino';
import { currentScope } from './request-scope';

/** Structured one-line logs; tests pass a silent or collecting logger. */
export type Logger = {
  info: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: unknown) => void;
};

// The log context lives in the request's scope (api/lib/request-scope.ts), so code below the HTTP
// layer and the job runner logs with it without passing it along.
export { withLogContext, type LogContext } from './request-scope';

/** The request id of the code running now (inside a request, or a job a request enqueued). */
export const currentRequestId = (): string | undefined => currentScope().log.requestId;

export const LOG_LEVELS = ['debug', 'info', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fields that may hold a secret: written as [redacted] wherever they occur one level down. */
const REDACT = ['password', 'token', 'secret', 'secretKey', 'authorization', 'apiKey', 'cookie'].flatMap((k) => [
  k,
  `*.${k}`,
]);

/** The names REDACT covers, at the top level of a line's fields or one level down. */
const SECRET_NAMES = new Set(REDACT.filter((p) => !p.startsWith('*.')));

/**
 * Fields no redaction path can reach: no secret's name among them and no object below them (the
 * paths reach one level down), as on every request's access line. Such a line goes through a logger
 * without redaction and comes out the same: pino's redaction of the wildcard paths cost about two
 * thirds of a line (~7 of ~11 µs in a loop, far more between requests).
 */
function nothingToRedact(data: Record<string, unknown>): boolean {
  for (const key in data) {
    if (SECRET_NAMES.has(key)) return false;
    const value = data[key];
    if (value !== null && typeof value === 'object') return false;
  }
  return true;
}

/**
 * JSON lines on stdout through pino: `time`, `level`, `msg`, the log context (requestId, jobId,
 * jobKind) and the given fields; an Error becomes `err` with its type, message and stack.
 */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  const destination = options.destination ?? pino.destination({ fd: 1, sync: true });
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A copy: pino merges the line's own fields into the object the mixin returns. The log
    // context holds ids only, nothing to redact.
    mixin: () => ({ ...currentScope().log }),
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  const log = pino({ ...settings, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
  const plain = pino(settings, destination);
  return {
    info: (msg, data) => (data ? (nothingToRedact(data) ? plain : log).info(data, msg) : plain.info(msg)),
    error: (msg, data) => {
      if (data instanceof Error) log.error({ err: data }, msg);
      else if (data && typeof data === 'object') log.error(data as Record<string, unknown>, msg);
      else if (data !== undefined) log.error({ detail: String(data) }, msg);
      else log.error(msg);
    },
  };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
