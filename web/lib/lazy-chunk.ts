import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/**
 * A lazily loaded chunk that has not arrived after 120 seconds counts as a
 * failed chunk load. The one place this number lives.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A code chunk that failed to download or evaluate, or did not arrive in time. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Runs a dynamic import; a rejection or a wait beyond `timeoutMs` becomes a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk did not load within ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('chunk failed to load', { cause }));
      },
    );
  });
}

/** A chunk's loader; `loaded()` answers the module without waiting once it has arrived. */
export type ChunkLoader<T> = (() => Promise<T>) & { loaded: () => T | undefined };

/**
 * One loader per chunk, shared by preloading and lazy(): the first call starts the download and
 * later calls get the same promise. A failure is forgotten so a later attempt downloads again.
 */
export function chunkLoader<T>(load: () => Promise<T>): ChunkLoader<T> {
  let pending: Promise<T> | null = null;
  let module: T | undefined;
  const loader = () => {
    pending ??= loadChunk(load).then(
      (loadedModule) => {
        module = loadedModule;
        return loadedModule;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(loader, { loaded: () => module });
}

/**
 * lazy() for a named export (the codebase has named exports only). When the chunk has already
 * arrived (boot preloads the current route's chunk), the component renders in the same pass instead
 * of showing the Suspense fallback for one more commit: React's lazy() reads a thenable that calls
 * back synchronously as already resolved.
 */
// ComponentType<any> is the constraint React's own lazy() uses; props stay typed through C.
export function lazyNamed<K extends string, C extends ComponentType<any>>(
  load: (() => Promise<Record<K, C>>) | ChunkLoader<Record<K, C>>,
  name: K,
): LazyExoticComponent<C> {
  return lazy(() => {
    const ready = 'loaded' in load ? load.loaded() : undefined;
    if (ready)
      return { then: (resolve: (value: { default: C }) => void) => resolve({ default: ready[name] }) } as PromiseLike<{
        default: C;
      }> as Promise<{ default: C }>;
    return load().then((module) => ({ default: module[name] }));
  });
}
