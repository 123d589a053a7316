// Step 1 looks at what was uploaded right after the PUT: a picture renamed .csv is refused there (the
// browser asks getSheetNames for every format), not at step 2; and the signed PUT's refusals speak
// the language the client chose, as GraphQL does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { putFile, UPLOAD_QUERIES as Q, uploadWorld, type UploadWorld } from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
});
afterAll(() => t.close());

// The first bytes of a PNG: signature, then the IHDR chunk (with NUL bytes, as every image has).
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
  0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
]);

it('refuses a PNG renamed .csv right after the upload, in the caller language', async () => {
  const key = await putFile(t, w.tokens.admin, w.A, 'answers.csv', PNG);
  const sheets = await t.gql(Q.sheets, { k: key, c: w.A }, { token: w.tokens.admin, headers: { 'x-locale': 'en' } });
  expect(codeOf(sheets)).toBe('UPLOAD_FILE_TYPE_MISMATCH:CONTENT_DOES_NOT_MATCH_FORMAT');
  expect(sheets.body.errors![0]!.message).toMatch(/^[A-Z].*\b(file|content)\b/i);
  // The refused file is gone: a draft cannot be made of it.
  const draft = await t.gql(Q.draft, { i: { title: 'Picture', datafileKey: key } }, { token: w.tokens.admin });
  expect(codeOf(draft)).toMatch(/^(INVALID_ID|FILE_DOWNLOAD_FAILED)/);
});

it("answers a refused PUT in the client's chosen language", async () => {
  const res = await t.gql(Q.url, { f: 'survey.csv', c: w.A }, { token: w.tokens.admin });
  // The signed URL is a path on the app.
  const url: string = res.body.data.getDatafileUploadURL.signedUrl;
  const put = (headers: Record<string, string>) =>
    t.app.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': '3', ...headers },
      body: new Uint8Array([1, 2, 3]),
    });
  const en = await put({ 'x-locale': 'en', 'accept-language': 'de-DE' });
  expect(en.status).toBe(415);
  const de = await put({ 'accept-language': 'de-DE' });
  const [enMessage, deMessage] = [(await en.json()).errors[0].message, (await de.json()).errors[0].message];
  expect(enMessage).not.toBe(deMessage);
  expect(enMessage).toMatch(/\b(the|file|type)\b/i);
});
