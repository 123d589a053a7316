// Bun.serve closes a connection that sent nothing for 10 s, also while the handler is still working:
// a one-call upload of a large file (its check, then `wait` for READY) was cut off with a connection
// reset at 100,000 rows. The route lifts the limit for its own request once the body is stored, not
// before (a sender that stalls mid-body is still cut off). Checked here through the server handle
// Bun passes to app.fetch; tests/bench/upload-one-call-bench.ts runs the real thing at size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { fixture, uploadWorld } from '../../support/upload-world';

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  apiKey = (await uploadWorld(t)).admin.apiKey;
});
afterAll(() => t?.close());

/** The request through app.fetch with a stand-in for Bun's server handle, recording what was asked of it. */
async function upload(query: string, body: Uint8Array) {
  const lifted: { seconds: number; bodyRead: boolean }[] = [];
  const request = new Request(`http://local/api/datafiles?${query}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
    body: body as BodyInit,
  });
  const server = { timeout: (r: Request, seconds: number) => void lifted.push({ seconds, bodyRead: r.bodyUsed }) };
  const res = await t.app.fetch(request, { server });
  return { status: res.status, body: (await res.json()) as any, lifted };
}

describe('the one-call upload and Bun’s idle timeout', () => {
  it('lifts the idle timeout of its request once the body is stored', async () => {
    const { status, body, lifted } = await upload(
      'fileName=png.csv&mapping=auto&wait=true',
      fixture('hostile/png-renamed.csv'),
    );
    // Refused by the step-1 content check, which runs after the body is on disk.
    expect(body.errors[0].extensions.code, JSON.stringify(body)).toBe('UPLOAD_FILE_TYPE_MISMATCH');
    expect(status).toBe(400);
    expect(lifted).toEqual([{ seconds: 0, bodyRead: true }]);
  });

  it('keeps the idle timeout for a request refused before its body is read', async () => {
    const { status, lifted } = await upload('fileName=survey.csv&wait=nope', fixture('plain-tab.csv'));
    expect(status).toBe(400);
    expect(lifted).toEqual([]);
  });
});
