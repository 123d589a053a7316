import { translate, type Locale } from './i18n';

/**
 * Why a request from this page got no answer at all. The browser only says "failed" (a TypeError,
 * an XHR error event) and keeps the cause from the page, so it is told apart here:
 * - BLOCKED: this page's Content-Security-Policy refused the address (a securitypolicyviolation
 *   event names it), e.g. a URL built for another host name than the page was opened at;
 * - STORAGE: another origin (an S3 bucket) did not answer or did not allow this page (its CORS rule);
 * - UNREACHABLE: the app's own server did not answer (offline, server down).
 */
export type NetworkFailure = { kind: 'BLOCKED' | 'STORAGE' | 'UNREACHABLE'; origin: string; page: string };

/** A request that got no answer, with its cause. */
export class NetworkFailureError extends Error {
  readonly failure: NetworkFailure;
  constructor(failure: NetworkFailure) {
    super(`no answer from ${failure.origin} (${failure.kind})`);
    this.name = 'NetworkFailureError';
    this.failure = failure;
  }
}

/**
 * Starts watching for the page's policy blocking `url`; call `cause()` once the request failed.
 * The violation event is queued as its own task, possibly after the failure is reported, so
 * `cause()` lets one task pass before it decides.
 */
export function watchRequest(url: string): { cause: () => Promise<NetworkFailure>; stop: () => void } {
  const target = new URL(url, window.location.href);
  let blocked = false;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    try {
      if (new URL(event.blockedURI).origin === target.origin) blocked = true;
    } catch {
      // 'inline', 'eval' and the like are no address.
    }
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  const stop = () => document.removeEventListener('securitypolicyviolation', onViolation);
  return {
    stop,
    cause: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      stop();
      const page = window.location.origin;
      const kind = blocked ? 'BLOCKED' : target.origin === page ? 'UNREACHABLE' : 'STORAGE';
      return { kind, origin: target.origin, page };
    },
  };
}

/** fetch, but a request that gets no answer rejects with its cause (NetworkFailureError). */
export async function fetchWithCause(url: string, init?: RequestInit): Promise<Response> {
  const watch = watchRequest(url);
  try {
    const response = await fetch(url, init);
    watch.stop();
    return response;
  } catch (error) {
    if (init?.signal?.aborted) {
      watch.stop();
      throw error;
    }
    throw new NetworkFailureError(await watch.cause());
  }
}

/** The cause in words, with what to do about it. */
export function networkFailureMessage(locale: Locale, failure: NetworkFailure): string {
  const key = { BLOCKED: 'network.blocked', STORAGE: 'network.storage', UNREACHABLE: 'network.unreachable' }[
    failure.kind
  ];
  return translate(locale, key, { origin: failure.origin, page: failure.page });
}
