import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, screenshot } from '../support/browser/browser';
import { browserSuite } from '../support/browser/suite';
import { makePng } from '../support/png';
import type { TestServer } from '../support/server-process';

// The organisation logo goes through the same square crop dialog as user avatars, then the signed
// upload URL, and the header shows what the server stored.

const DEMO_COMPANY = '00000000-0000-4000-8000-c00000000001';
const suite = browserSuite({ page: 'per-file' });
let server: TestServer;
let page: Page;

beforeAll(() => {
  server = suite.server;
  page = suite.page;
});

describe('organisation logo in Chromium', () => {
  it('a super admin uploads a PNG, crops it in the dialog and the header shows the stored 65 x 65 image', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'e2e-logo-')), 'logo.png');
    makePng(file);
    await login(page, server.baseUrl, 'superadmin@example.com');
    await page.goto(`${server.baseUrl}/organization-details?organization=${DEMO_COMPANY}`);
    await page.getByTestId('edit-organization').click();
    const modal = page.getByTestId('edit-organization-modal');
    await modal.waitFor();
    await modal.getByTestId('org-avatar-input').setInputFiles(file);
    const crop = page.getByTestId('avatar-crop-dialog');
    await crop.waitFor();
    expect(await crop.getByRole('heading').textContent()).toBe('Foto zuschneiden');
    await screenshot(page, 'org-logo-crop-de');
    await crop.getByTestId('avatar-crop-confirm').click();
    await crop.waitFor({ state: 'detached' });
    await modal.getByTestId('org-save').click();
    await modal.waitFor({ state: 'detached', timeout: 10_000 });

    const logo = page.getByTestId('organization-header').locator('img[src*="/files/avatars/companies/"]');
    await logo.waitFor({ timeout: 10_000 });
    const src = (await logo.getAttribute('src'))!;
    const size = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      return [bitmap.width, bitmap.height];
    }, src);
    expect(size).toEqual([65, 65]);
    await screenshot(page, 'org-logo-saved-de');
  });
});
