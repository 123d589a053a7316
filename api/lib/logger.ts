/** Structured one-line logs; tests pass a silent or collecting logger. */
export type Logger = {
  info: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: unknown) => void;
};

export const consoleLogger: Logger = {
  info: (msg, data) => console.log(data ? `${msg} ${JSON.stringify(data)}` : msg),
  error: (msg, data) => console.error(msg, data instanceof Error ? (data.stack ?? data.message) : (data ?? '')),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };
