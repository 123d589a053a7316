// The hostile corpus (the caps of api/ingest/limits.ts) through the real path: signed PUT, getSheetNames,
// createDraftDatafile, the check of step 2. Each file is answered with its code and reason at the
// first step that can see the problem, nothing is charged, and nothing of it stays in storage; a
// file refused at step 1 leaves nothing in the database either (one refused later, by the preview or
// the check, leaves the draft with its refusal, which the user sees in step 1).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/uploads/hostile/make-hostile';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  ledgerOf,
  saveSuggested,
  UPLOAD_QUERIES as Q,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
let storage: string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
  storage = t.deps.env.storageDir;
});
afterAll(() => t.close());

const bytesOf = (file: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/uploads/hostile/${file}`, import.meta.url)));
/** Every stored object under a folder of the local blob store. */
function objects(prefix: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e);
      try {
        readdirSync(p);
        walk(p, `${rel}${e}/`);
      } catch {
        out.push(`${rel}${e}`);
      }
    }
  };
  walk(join(storage, prefix), prefix);
  return out;
}

/** Walks the steps until one refuses; returns where and with what. */
async function throughTheSteps(file: string, bytes: Uint8Array) {
  const url = await t.gql(Q.url, { f: file, c: w.A }, { token: w.tokens.admin });
  const { signedUrl, datafileKey } = url.body.data.getDatafileUploadURL;
  const put = await t.app.request(signedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (put.status !== 200) {
    const body = (await put.json()) as { errors: { extensions: { code: string; reason?: string } }[] };
    const e = body.errors[0]!.extensions;
    return { step: 'put', code: e.reason ? `${e.code}:${e.reason}` : e.code, key: datafileKey };
  }
  const sheets = await t.gql(Q.sheets, { k: datafileKey, c: w.A }, { token: w.tokens.admin });
  if (codeOf(sheets))
    return { step: 'sheets', code: codeOf(sheets)!, key: datafileKey, message: sheets.body.errors![0]!.message };
  const draft = await createDraft(t, w.tokens.admin, datafileKey, {
    title: file,
    ...(sheets.body.data.getSheetNames[0] ? { sheetName: sheets.body.data.getSheetNames[0] } : {}),
  });
  if (codeOf(draft))
    return { step: 'draft', code: codeOf(draft)!, key: datafileKey, message: draft.body.errors![0]!.message };
  const id = draft.body.data.createDraftDatafile.datafileId;
  const preview = await t.gql(Q.preview, { id }, { token: w.tokens.admin });
  if (codeOf(preview)) return { step: 'preview', code: codeOf(preview)!, key: datafileKey, id };
  const check = await saveSuggested(t, w.tokens.admin, id, (cols) =>
    cols.some((c) => c.dataPointType === 'RECORD_ID')
      ? cols
      : [{ dataPointIdentifier: cols[0].columns[0], dataPointType: 'RECORD_ID', columns: [cols[0].columns[0]] }],
  );
  const issue = check.issues[0];
  return {
    step: 'check',
    code: issue ? (issue.reason ? `${issue.code}:${issue.reason}` : issue.code) : 'none',
    key: datafileKey,
    id,
    message: issue?.message,
  };
}

describe('hostile files through the upload steps', () => {
  const refused = CORPUS.filter((c) => c.expect !== 'ok');
  it.each(refused)('$file: $why', async ({ file, expect: want }) => {
    const w0 = want as { code: string; reason?: string };
    const before = await ledgerOf(t, w.A);
    const datafilesBefore = await t.db.all<{ n: number }>(
      sql`select count(*) as n from datafiles where company_id = ${w.A}`,
    );
    const result = await throughTheSteps(file, bytesOf(file));
    // An empty body never reaches storage: the signed PUT refuses it.
    const expected =
      file === 'empty.csv' ? 'INVALID_PARAMETERS:EMPTY' : `${w0.code}${w0.reason ? `:${w0.reason}` : ''}`;
    expect(result.code, `${file} at ${result.step}`).toBe(expected);
    if (result.message) expect(result.message.length).toBeGreaterThan(20);
    expect(await ledgerOf(t, w.A)).toEqual(before);
    expect(objects('datafiles/')).toEqual([]);
    expect(await t.deps.blobs.stat(result.key)).toBeNull();
    if (result.step !== 'check' && result.step !== 'preview') {
      expect(await t.db.all<{ n: number }>(sql`select count(*) as n from datafiles where company_id = ${w.A}`)).toEqual(
        datafilesBefore,
      );
    } else {
      const drafted = (await t.gql(Q.drafted, { id: result.id }, { token: w.tokens.admin })).body.data
        .getDraftedDatafile;
      expect(drafted).toMatchObject({ status: 'ERROR', upload: { status: 'ERROR', error: { code: w0.code } } });
    }
  });

  it('leaves no stored upload behind for any refused file', () => {
    expect(objects('uploads/')).toEqual([]);
  });
});
