// One checkout's side of `npm run bench:pages`: its real server (api/server.ts of that checkout, its
// own web build, a new database that seeds the demo data through the upload pipeline), a Chromium
// profile logged in as the demo ADMIN, and the drafts the upload figure checks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { generateDemoSurvey } from '../../../api/demo/survey';
import { surveyCsvBytes } from '../../../api/demo/writers';
import { login } from '../../support/browser/browser';
import { closeFirstLoginModals } from '../../support/browser/suite';
import {
  graphqlPoster,
  startServerProcess,
  waitForDemoUploads,
  type ServerProcess,
  type TestServer,
} from '../../support/server-process';
import { UPLOAD_QUERIES as Q } from '../../support/upload-world';
import { instrument } from './instruments';

/** The first demo datafile: 600 interviews, owned by the demo ADMIN, cleaned by the seed. */
export const DEMO_DATAFILE = '00000000-0000-4000-8000-0000000d0f01';

export type Side = {
  label: string;
  server: ServerProcess;
  context: BrowserContext;
  page: Page;
  /** A new draft of the upload survey, saved through step 1 (signed PUT + draft): its id. */
  newDraft: () => Promise<string>;
  close: () => Promise<void>;
};

export async function startSide(label: string, root: string | undefined, uploadRows: number): Promise<Side> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const server = await startServerProcess(
    { DATABASE_URL: `file:${join(dir, 'app.db')}`, STORAGE_DIR: join(dir, 'storage'), JOB_POLL_MS: '100' },
    { ...(root ? { root } : {}), timeoutMs: 300_000 },
  );
  const profile = mkdtempSync(join(tmpdir(), 'bench-pages-chromium-'));
  let context: BrowserContext | undefined;
  try {
    await waitForDemoUploads({ databasePath: join(dir, 'app.db') } as TestServer, 600_000);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1440, height: 900 },
      locale: 'de-DE',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    });
    await instrument(context);
    const page = await context.newPage();
    await login(page, server.baseUrl, 'admin@example.com');
    await closeFirstLoginModals(page);
    const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'accessToken')!.value);
    const post = graphqlPoster(server.baseUrl, token);
    const companyId = (await post('{ me { companyId } }', {})).me.companyId as string;
    const csv = await surveyCsvBytes(generateDemoSurvey({ rows: uploadRows, seed: 17 }));
    let drafts = 0;
    const newDraft = async () => {
      const { signedUrl, datafileKey } = (await post(Q.url, { f: 'bench.csv', c: companyId })).getDatafileUploadURL;
      const put = await fetch(new URL(signedUrl, server.baseUrl), {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: csv as Uint8Array<ArrayBuffer>,
      });
      if (put.status !== 200) throw new Error(`PUT ${put.status} ${await put.text()}`);
      return (
        await post(Q.draft, {
          i: {
            title: `Bench ${++drafts}`,
            datafileKey,
            fileName: 'bench.csv',
            headerRow: 1,
            dataRecordStartRow: 2,
            companyId,
          },
        })
      ).createDraftDatafile.datafileId as string;
    };
    const ctx = context;
    return {
      label,
      server,
      context: ctx,
      page,
      newDraft,
      close: async () => {
        await ctx.close().catch(() => undefined);
        await server.stop();
        rmSync(profile, { recursive: true, force: true });
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close().catch(() => undefined);
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
