import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, screenshot, type TestBrowser } from '../support/browser/browser';
import { openServerDatabase, waitForDemoUploads, type TestServer } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// The datafiles list: in Chromium, in German and English, as each role, the list
// with every filter and action works on the demo datafiles. Screenshots land in tests/.artifacts
// (datafiles-*.png). One server for the file: the steps build on each other (a file shared in
// German is seen by the employee in English).

// Each test opens its pages as the user it names (openAs).
const suite = browserSuite({ page: 'none' });
let server: TestServer;
let browser: TestBrowser;
let page: Page;
const LIVE_TITLE = 'Kundenpanel live';

beforeAll(() => {
  ({ server, browser } = suite);
  // The demo has no live import with respondents (the seed's were deleted with their data): one the
  // employee runs, READY as after its first respondents, for the live filter and stop/reopen.
  write(
    `insert into datafiles (id, company_id, owner_id, title, import_type, status, secret_key, number_of_records, created_at)
    select ?, company_id, id, ?, 'LIVE', 'READY', 'live_e2e_list', 12, ? from users where email = 'employee@example.com'`,
    crypto.randomUUID(),
    LIVE_TITLE,
    new Date().toISOString(),
  );
});

async function openAs(email: string, locale: 'de' | 'en') {
  await browser.context.clearCookies();
  page = await browser.context.newPage();
  await page.goto(`${server.baseUrl}/404`);
  await page.evaluate((l) => {
    window.localStorage.clear();
    window.localStorage.setItem('locale', l);
  }, locale);
  await login(page, server.baseUrl, email);
  await closeFirstLoginModals(page);
  await page.goto(`${server.baseUrl}/datafiles`);
  await page.getByTestId('datafiles-table').waitFor({ timeout: 20_000 });
}

/** Writes to the server's database as a job would (an upload's progress, a live import's first respondents). */
function write(sqlText: string, ...params: unknown[]) {
  const db = openServerDatabase(server);
  try {
    db.prepare(sqlText).run(...params);
  } finally {
    db.close();
  }
}

const rowOf = (title: string): Locator =>
  page
    .getByTestId('datafile-row')
    .filter({ has: page.getByTestId('datafile-title').getByText(title, { exact: true }) });
const titles = async () => page.getByTestId('datafile-title').allInnerTexts();

async function act(title: string, action: string) {
  await rowOf(title).getByTestId('row-actions').click();
  await page.getByTestId(`action-${action}`).click();
}

/** Waits until the list shows exactly `expected` (in any order), i.e. the filter's answer arrived. */
async function expectTitles(expected: string[]) {
  await expect.poll(async () => (await titles()).sort(), { timeout: 10_000 }).toEqual([...expected].sort());
}

describe('the datafiles list in German, as the organisation ADMIN', () => {
  it('shows the demo datafiles (processed by the pipeline, with a live progress bar until then) with their figures', async () => {
    await openAs('admin@example.com', 'de');
    // The demo uploads may still be processing on a fresh server: then their rows show the progress bar.
    if (await page.getByTestId('status-progress').count()) await screenshot(page, 'datafiles-progress-de');
    await expect
      .poll(async () => rowOf('Reisestudie Sommer 2026').getAttribute('data-status'), {
        timeout: 90_000,
        interval: 1000,
      })
      .toBe('READY');
    await expect
      .poll(async () => rowOf('Markenimage Welle 1').getAttribute('data-status'), { timeout: 90_000, interval: 1000 })
      .toBe('READY');
    const travel = rowOf('Reisestudie Sommer 2026');
    expect(await travel.getByTestId('records').innerText()).toBe('600');
    // The traffic light comes from the mean combined score the upload stored.
    expect(await travel.getByTestId('score-light').getAttribute('data-light')).toMatch(
      /^(green|light green|yellow|red)$/,
    );
    // The cleaned demo file has its certificate level; the not yet cleaned one none. The demo's
    // cleaning is a job of its own after the upload is READY (the list reloads at READY, not when a
    // later job ends), so the list is opened again once the demo jobs are done.
    await waitForDemoUploads(server);
    await page.reload();
    await page.getByTestId('datafiles-table').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => travel.getByTestId('certificate').innerText(), { timeout: 30_000 })
      .toMatch(/^Stufe \d$/);
    expect(await rowOf('Markenimage Welle 1').getByTestId('records').innerText()).toBe('300');
    expect(await page.getByRole('columnheader', { name: /Titel/ }).count()).toBe(1);
    await screenshot(page, 'datafiles-list-de');
  }, 150_000);

  it('filters live, manual and drafts, and searches', async () => {
    await page.getByTestId('filter-LIVE').click();
    await expectTitles([LIVE_TITLE]);
    await page.getByTestId('filter-DRAFT').click();
    await expectTitles(['Employee Pulse (draft)']);
    await page.getByTestId('filter-MANUAL').click();
    await expectTitles([
      'Reisestudie Sommer 2026',
      'Customer Experience Tracker (Qualtrics)',
      'Markenimage Welle 1',
      'Employee Pulse Q1 2026',
    ]);
    await page.getByTestId('filter-ALL').click();
    await page.getByTestId('datafiles-search').fill('marken');
    await expectTitles(['Markenimage Welle 1']);
    await page.getByTestId('datafiles-search').fill('');
    await expect.poll(async () => (await titles()).length, { timeout: 10_000 }).toBe(6);
    // A search nothing matches shows the empty state, not an empty table.
    await page.getByTestId('datafiles-search').fill('Brand Tracker');
    await page.getByTestId('datafiles-empty').waitFor({ timeout: 10_000 });
    await screenshot(page, 'datafiles-none-de');
    await page.getByTestId('datafiles-search').fill('');
  });

  it('renames a datafile (a name is required)', async () => {
    await act('Customer Experience Tracker (Qualtrics)', 'rename');
    const dialog = page.getByTestId('dialog-rename');
    await dialog.locator('input[name="title"]').fill('   ');
    await page.getByTestId('dialog-rename-submit').click();
    await dialog.getByText('Geben Sie einen Namen ein.').waitFor();
    await dialog.locator('input[name="title"]').fill('CX Tracker v2');
    await page.getByTestId('dialog-rename-submit').click();
    await dialog.getByText('Die Datendatei wurde umbenannt.').waitFor();
    await rowOf('CX Tracker v2').waitFor();
  });

  it('shares a datafile with the employee', async () => {
    await act('Reisestudie Sommer 2026', 'share');
    const dialog = page.getByTestId('dialog-share');
    await dialog.getByTestId('share-candidate').filter({ hasText: 'Erik Employee' }).click();
    await screenshot(page, 'datafiles-share-de');
    await page.getByTestId('share-submit').click();
    await dialog.getByText('Mit 1 Benutzer geteilt.').waitFor();
    await dialog.getByTestId('share-contributor').filter({ hasText: 'Erik Employee' }).waitFor();
    await dialog.getByRole('button', { name: 'Schließen' }).first().click();
    await expect
      .poll(async () => rowOf('Reisestudie Sommer 2026').getByTestId('contributors').getAttribute('data-count'))
      .toBe('1');
  });

  it('hands a datafile to another owner', async () => {
    await act('Markenimage Welle 1', 'changeOwner');
    await page.getByTestId('owner-select').selectOption({ label: 'Erik Employee (employee@example.com)' });
    await screenshot(page, 'datafiles-owner-de');
    await page.getByTestId('dialog-changeOwner-submit').click();
    await page.getByTestId('dialog-changeOwner').getByText('Die Datendatei hat einen neuen Eigentümer.').waitFor();
    await expect
      .poll(async () => rowOf('Markenimage Welle 1').getByTestId('owner').innerText(), { timeout: 10_000 })
      .toContain('Erik Employee');
  });

  it('stops and reopens the live import', async () => {
    await act(LIVE_TITLE, 'stop');
    await page.getByTestId('dialog-stop-confirm').click();
    await page.getByTestId('dialog-stop').getByText('Der Live-Import wurde gestoppt.').waitFor();
    await expect.poll(async () => rowOf(LIVE_TITLE).getAttribute('data-status'), { timeout: 10_000 }).toBe('STOPPED');
    await page.getByTestId('dialog-stop').waitFor({ state: 'hidden' });
    await act(LIVE_TITLE, 'reopen');
    await page.getByTestId('dialog-reopen-confirm').click();
    await expect.poll(async () => rowOf(LIVE_TITLE).getAttribute('data-status'), { timeout: 10_000 }).toBe('READY');
    await page.getByTestId('dialog-reopen').waitFor({ state: 'hidden' });
  });

  it('deletes a datafile after the confirmation', async () => {
    await act('CX Tracker v2', 'delete');
    await page.getByTestId('dialog-delete').getByText('„CX Tracker v2“ löschen?', { exact: false }).waitFor();
    await page.getByTestId('dialog-delete-confirm').click();
    await page.getByTestId('dialog-delete').getByText('Die Datendatei wurde gelöscht.').waitFor();
    await rowOf('CX Tracker v2').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('dialog-delete').waitFor({ state: 'hidden' });
  });

  it('starts a re-upload in the upload steps', async () => {
    const id = await rowOf('Reisestudie Sommer 2026').getAttribute('data-id');
    await act('Reisestudie Sommer 2026', 'reupload');
    await page.getByTestId('dialog-reupload-confirm').click();
    await page.waitForURL(`**/upload-dataset/step1?reuploadOf=${id}`);
    await page.close();
  });
});

describe('the datafiles list in English', () => {
  it('an EMPLOYEE sees their own files and the shared ones, and only reads the shared ones', async () => {
    await openAs('employee@example.com', 'en');
    await expectTitles([
      'Reisestudie Sommer 2026',
      'Markenimage Welle 1',
      LIVE_TITLE,
      'Employee Pulse (draft)',
      'Employee Pulse Q1 2026',
    ]);
    expect(await page.getByRole('columnheader', { name: /Title/ }).count()).toBe(1);
    expect(await rowOf('Markenimage Welle 1').getByTestId('owner').innerText()).toContain('Erik Employee');
    // A failed first upload has no interviews: a dash like the draft's, not a 0.
    expect(await rowOf('Employee Pulse Q1 2026').getByTestId('records').innerText()).toBe('–');
    await rowOf('Reisestudie Sommer 2026').getByTestId('row-actions').click();
    await page.getByTestId('action-open').waitFor();
    expect(await page.getByTestId('action-rename').count()).toBe(0);
    await page.keyboard.press('Escape');
    await screenshot(page, 'datafiles-list-en');
    // A draft continues where its upload stopped.
    await act('Employee Pulse (draft)', 'continueDraft');
    await page.getByTestId('dialog-continueDraft').getByText('Continue the upload of', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.close();
  }, 60_000);

  it('an operator sees every organisation and filters by one', async () => {
    await openAs('superadmin@example.com', 'en');
    await page.getByTestId('filter-organization').selectOption({ label: 'Demo Research GmbH' });
    await page.getByTestId('filter-LIVE').click();
    await expectTitles([LIVE_TITLE]);
    await screenshot(page, 'datafiles-operator-en');
    // An organisation without files (its credit history's files are deleted) shows the empty state.
    await page.getByTestId('filter-organization').selectOption({ label: 'Nordlicht Marktforschung GmbH' });
    await page.getByTestId('datafiles-empty').waitFor({ timeout: 10_000 });
    await screenshot(page, 'datafiles-operator-empty-en');
    await page.close();
  }, 60_000);
});

describe('a processing datafile in the list', () => {
  it("shows the upload's progress as its job moves, and turns READY when the upload finishes", async () => {
    const id = crypto.randomUUID();
    const uploadId = crypto.randomUUID();
    const jobId = crypto.randomUUID();
    const now = new Date().toISOString();
    // The upload job as a runner elsewhere holds it (its lease outlasts the test, so this server's runner leaves it alone).
    write(
      `insert into jobs (id, kind, payload, state, attempts, lease_owner, lease_expires_at, run_after, progress, created_at, started_at, updated_at)
      values (?, 'upload', ?, 'RUNNING', 1, 'e2e-elsewhere', ?, ?, 40, ?, ?, ?)`,
      jobId,
      JSON.stringify({ uploadId }),
      new Date(Date.now() + 3_600_000).toISOString(),
      now,
      now,
      now,
      now,
    );
    write(
      `insert into datafiles (id, company_id, owner_id, title, import_type, status, progress, last_revision, created_at)
      select ?, company_id, id, 'Laufende Verarbeitung', 'MANUAL', 'PROCESSING', 0, 1, ? from users where email = 'admin@example.com'`,
      id,
      now,
    );
    write(
      `insert into datafile_uploads (id, datafile_id, kind, status, revision, progress, source_key, source_format, source_file_name, source_bytes, header_row, first_data_row, missing_values, created_by, created_at)
      select ?, ?, 'UPLOAD', 'PROCESSING', 1, 40, ?, 'csv', 'laufend.csv', 10, 1, 2, '[]', id, ? from users where email = 'admin@example.com'`,
      uploadId,
      id,
      `uploads/e2e/${uploadId}.csv`,
      now,
    );
    await openAs('admin@example.com', 'de');
    const progress = rowOf('Laufende Verarbeitung').getByTestId('status-progress');
    await progress.getByText('In Verarbeitung · 40 %').waitFor({ timeout: 10_000 });
    await screenshot(page, 'datafiles-progress-de');
    // The tab's event stream tells the row when the job moves: well before the 10 s safety poll of an open stream.
    write('update datafile_uploads set progress = 75 where id = ?', uploadId);
    write('update jobs set progress = 75, updated_at = ? where id = ?', new Date().toISOString(), jobId);
    await progress.getByText('In Verarbeitung · 75 %').waitFor({ timeout: 6_000 });
    write(`update datafile_uploads set status = 'READY', progress = 100 where id = ?`, uploadId);
    write(
      `update datafiles set status = 'READY', progress = 100, revision = 1, number_of_records = 42 where id = ?`,
      id,
    );
    const finished = new Date().toISOString();
    write(
      `update jobs set state = 'SUCCEEDED', progress = 100, lease_owner = null, lease_expires_at = null, finished_at = ?, updated_at = ? where id = ?`,
      finished,
      finished,
      jobId,
    );
    await expect
      .poll(async () => rowOf('Laufende Verarbeitung').getAttribute('data-status'), { timeout: 6_000 })
      .toBe('READY');
    expect(await rowOf('Laufende Verarbeitung').getByTestId('records').innerText()).toBe('42');
    await page.close();
  }, 60_000);
});
