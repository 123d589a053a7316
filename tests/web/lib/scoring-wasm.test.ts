// The scoring .wasm is downloaded once, started by a Worker's first import (before the rest of its
// bundle is evaluated) and taken over by getScoring(); a failed download is retried on the next call.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCORING_VERSION } from '../../../scoring/version.ts';

const wasm = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../scoring/build/scoring.wasm'));

/** A fetch that answers the .wasm (or `failures` times HTTP 503 first) and records what was asked. */
function wasmServer(failures = 0) {
  const urls: string[] = [];
  let failing = failures;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    if (failing-- > 0) return new Response('busy', { status: 503 });
    return new Response(wasm, { headers: { 'content-type': 'application/octet-stream' } });
  });
  return { urls, fetch };
}

describe('scoring .wasm loading in the browser', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('starts the download when first imported, and getScoring uses that download', async () => {
    const server = wasmServer();
    vi.stubGlobal('fetch', server.fetch);
    await import('../../../web/lib/scoring-wasm-early.ts');
    // Started by the import itself, before anything asked for the scoring core.
    expect(server.urls).toHaveLength(1);
    expect(server.urls[0]).toMatch(/scoring\.wasm$/);
    const { getScoring } = await import('../../../web/lib/scoring.ts');
    const scoring = await getScoring();
    expect(scoring.version).toBe(SCORING_VERSION);
    expect(server.urls).toHaveLength(1);
  });

  it('downloads again when the early download failed', async () => {
    const server = wasmServer(1);
    vi.stubGlobal('fetch', server.fetch);
    await import('../../../web/lib/scoring-wasm-early.ts');
    const { getScoring } = await import('../../../web/lib/scoring.ts');
    const scoring = await getScoring();
    expect(scoring.version).toBe(SCORING_VERSION);
    expect(server.urls).toHaveLength(2);
  });

  it('retries a failed load on the next call', async () => {
    const server = wasmServer(1);
    vi.stubGlobal('fetch', server.fetch);
    const { getScoring } = await import('../../../web/lib/scoring.ts');
    await expect(getScoring()).rejects.toThrow(/HTTP 503/);
    const scoring = await getScoring();
    expect(scoring.version).toBe(SCORING_VERSION);
    expect(server.urls).toHaveLength(2);
  });
});
