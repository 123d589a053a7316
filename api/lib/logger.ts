import pino, { type DestinationStream } from 'pino';
import { currentScope } from './request-scope';

/** Structured one-line logs; tests pass a silent or collecting logger. */
export type Logger = {
  info: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: unknown) => void;
  /** Settles once what is buffered now is written (a stopping server; at most a few seconds). */
  flush?: () => Promise<void>;
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

/** Bytes of lines gathered before one write to stdout. */
const BUFFER_BYTES = 4096;
/** A quiet server's lines wait at most this long in the buffer. */
const FLUSH_MS = 1000;
const FLUSH_GIVE_UP_MS = 3000;
/** Writes tried at exit while stdout is full (100 ms apart). */
const EXIT_RETRIES = 20;

/**
 * Stdout written in blocks of BUFFER_BYTES instead of one `write` per line (docs/decisions.md,
 * "Buffered log lines"). What is buffered is written when the process exits, however it exits
 * except by a signal nobody handles (SIGKILL, an OOM kill): pino's own flush at exit does not run
 * under Bun, so this one does (process 'exit' fires on process.exit, an uncaught error and a
 * rejection nobody handled); api/server.ts ends on SIGTERM and SIGINT through process.exit.
 */
function bufferedStdout(): { destination: DestinationStream; flush: () => Promise<void>; wrote: () => void } {
  let exiting = false;
  let retries = 0;
  const stream = pino.destination({
    fd: 1,
    sync: false,
    minLength: BUFFER_BYTES,
    // A full pipe is waited for (sonic-boom tries again every 100 ms), but not for ever at exit: a log
    // reader that stopped reading must not keep a stopping process alive.
    retryEAGAIN: () => !exiting || ++retries < EXIT_RETRIES,
  });
  let pending = false;
  // At exit only a synchronous write still runs (a block whose asynchronous write is under way is left to it).
  process.on('exit', () => {
    if (!pending) return;
    exiting = true;
    try {
      stream.flushSync();
    } catch {
      // stdout stayed full: what is left is lost, as it would be with nobody reading.
    }
  });
  const timer = setInterval(() => {
    if (!pending) return;
    pending = false;
    stream.flush();
  }, FLUSH_MS);
  timer.unref?.();
  const flush = () =>
    new Promise<void>((resolve) => {
      pending = false;
      // A stdout nobody reads any more must not hold the shutdown.
      const giveUp = setTimeout(resolve, FLUSH_GIVE_UP_MS);
      stream.flush(() => {
        clearTimeout(giveUp);
        resolve();
      });
    });
  return { destination: stream, flush, wrote: () => (pending = true) };
}

let stdout: ReturnType<typeof bufferedStdout> | undefined;

/**
 * The process's (a Worker thread's) one stdout buffer. Every logger on stdout shares it: a logger of
 * its own each would add an exit handler and a timer per createLogger (tests and Workers make many,
 * and past ten Node warns of a leak), and their blocks would reach stdout in no particular order.
 * At exit the one handler writes every logger's buffered lines.
 */
const sharedStdout = () => (stdout ??= bufferedStdout());

/**
 * JSON lines on stdout through pino: `time`, `level`, `msg`, the log context (requestId, jobId,
 * jobKind) and the given fields; an Error becomes `err` with its type, message and stack. Stdout is
 * buffered (bufferedStdout); a given destination is written as it is.
 */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  const buffered = options.destination ? undefined : sharedStdout();
  const destination = options.destination ?? buffered!.destination;
  const wrote = buffered?.wrote ?? (() => {});
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
    info: (msg, data) => {
      if (data) (nothingToRedact(data) ? plain : log).info(data, msg);
      else plain.info(msg);
      wrote();
    },
    error: (msg, data) => {
      if (data instanceof Error) log.error({ err: data }, msg);
      else if (data && typeof data === 'object') log.error(data as Record<string, unknown>, msg);
      else if (data !== undefined) log.error({ detail: String(data) }, msg);
      else log.error(msg);
      wrote();
    },
    ...(buffered ? { flush: buffered.flush } : {}),
  };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
