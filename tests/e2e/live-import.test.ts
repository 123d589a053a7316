import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, screenshot, type TestBrowser } from '../support/browser/browser';
import { openServerDatabase, type TestServer } from '../support/server-process';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// The live import: in Chromium, in German and English, a user defines a live datafile (steps 1
// and 2, saved as a draft), sees and copies a snippet with the datafile's secret, sends a test
// respondent from the page, starts receiving, and a real HTTP client on loopback (this test process, standing in for the survey tool)
// sends respondents that count on the datafile, each charged once; a stopped datafile refuses.
// Screenshots land in tests/.artifacts (live-<step>-<locale>.png).

const suite = browserSuite({ page: 'per-file' });
let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = suite);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
});

/** The whole page at `width` (the shell scrolls inside a 100vh frame, so the window grows to the content). */
async function fullPage(name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() =>
    Math.max(
      900,
      ...[...document.querySelectorAll('*')]
        .filter((e) => e.scrollHeight > e.clientHeight + 4 && getComputedStyle(e).overflowY !== 'visible')
        .map((e) => e.scrollHeight + 140),
    ),
  );
  await page.setViewportSize({ width, height: Math.min(height, 5000) });
  await page.waitForTimeout(300);
  await screenshot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** One respondent as the survey tool's snippet would send it. */
function respondent(recordId: string, i: number) {
  return {
    recordId,
    answers: {
      Q1: {
        answer:
          i % 2
            ? 'Die Auswahl an frischem Obst und die freundliche Beratung.'
            : 'Schnelle Kasse und gute Angebote beim Einkauf.',
        seconds: 40 + i,
        pastes: 0,
        keystrokes: 60,
      },
      Grid1: { items: [1, 3, 2, 4, 5, 2, (i % 5) + 1], seconds: 30 + i },
      Q3: { seconds: 10 + i },
    },
  };
}

async function post(endpoint: string, secret: string, body: unknown) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-live-key': secret },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(['de', 'en'] as const)('a live import in %s', (locale) => {
  beforeAll(async () => {
    await page.goto(`${server.baseUrl}/404`);
    await page.evaluate((l) => {
      window.sessionStorage.clear();
      window.localStorage.setItem('locale', l);
    }, locale);
    await browser.context.clearCookies();
    await login(page, server.baseUrl, 'admin@example.com');
  });

  it('is defined in two steps, shows its snippet, takes a test respondent and counts real ones once', async () => {
    const name = `Live study ${locale}`;
    // Step 1: the rules show in the form before anything is sent.
    await page.goto(`${server.baseUrl}/live-import`);
    await page.getByTestId('live-name').waitFor();
    await closeFirstLoginModals(page);
    await page.getByTestId('live-step1-next').click();
    await expect
      .poll(() => page.getByText(locale === 'de' ? 'Geben Sie einen Namen ein.' : 'Enter a name.').count())
      .toBe(1);
    await page.getByTestId('live-name').fill(name);
    if (locale === 'en') {
      // Nfield: the account link is saved on the user, the password never comes back.
      await page.getByTestId('live-software-NFIELD').click();
      await page.getByTestId('nfield-save').click();
      await expect.poll(() => page.getByText('Required.').count()).toBeGreaterThanOrEqual(4);
      await page.getByTestId('nfield-username').fill('fieldwork');
      await page.getByTestId('nfield-password').fill('s3cret-Nfield');
      await page.getByTestId('nfield-domain').fill('acme');
      await page.getByTestId('nfield-region').selectOption('EU');
      await page.getByTestId('nfield-save').click();
      await page.getByTestId('nfield-linked').waitFor();
      expect(await page.getByTestId('nfield-linked').innerText()).toContain('fieldwork');
      expect(await page.content()).not.toContain('s3cret-Nfield');
    } else {
      await page.getByTestId('live-software-QUALTRICS').click();
    }
    await screenshot(page, `live-step1-${locale}`);
    await page.getByTestId('live-step1-next').click();

    // Step 2: three pages (open answer, grid, time only); a duplicate label is caught first.
    await page.getByTestId('live-page-1-label').waitFor();
    await page.getByTestId('live-page-1-label').fill('Q1');
    await page.getByTestId('live-page-1-question').fill('Was hat Ihnen beim letzten Einkauf gefallen?');
    await page.getByTestId('live-page-1-keywords').fill('Einkauf;');
    await page.getByTestId('live-page-1-lang-de').click();
    await page.getByTestId('live-add-page').click();
    await page.getByTestId('live-page-2-label').fill('Q1');
    await page.getByTestId('live-page-2-criterion').selectOption('IBS');
    await page.getByTestId('live-page-2-question').fill('Wie zufrieden sind Sie mit ...');
    await page.getByTestId('live-add-page').click();
    await page.getByTestId('live-page-3-label').fill('Q3');
    await page.getByTestId('live-page-3-criterion').selectOption('TS');
    await page.getByTestId('live-page-3-question').fill('Alter');
    await page.getByTestId('live-define-save').click();
    await expect
      .poll(() =>
        page
          .getByText(locale === 'de' ? 'Eine andere Seite hat dieses Label' : 'Another page has this label', {
            exact: false,
          })
          .count(),
      )
      .toBe(1);
    await page.getByTestId('live-page-2-label').fill('Grid1');
    // 4 time metrics (3 pages + total) + 1 grid + 1 open answer = 6 credits (one per data point, at least 4).
    expect(await page.getByTestId('live-credit-estimate').innerText()).toMatch(/^6 /);
    // The ceiling: 1.5 x an expected sample of 4 is 6 respondents, at 6 credits each 36 credits.
    await page.getByTestId('live-ceiling-expectedRespondents').fill('4');
    expect(await page.getByTestId('live-ceiling-maxRespondents').getAttribute('placeholder')).toBe('6');
    expect(await page.getByTestId('live-ceiling-maxCredits').getAttribute('placeholder')).toBe('36');
    await page.waitForTimeout(200);
    await screenshot(page, `live-define-${locale}`);
    await page.getByTestId('live-define-save').click();

    // The integration: key, secret, the snippet of the chosen tool carrying both.
    await page.getByTestId('live-secret').waitFor({ timeout: 15_000 });
    await page.getByTestId('live-draft').waitFor();
    await page.waitForTimeout(200);
    await screenshot(page, `live-snippet-top-${locale}`);
    const datafileId = new URL(page.url()).searchParams.get('datafileId')!;
    const secret = await page.getByTestId('live-secret').inputValue();
    const endpoint = await page.getByTestId('live-endpoint').innerText();
    expect(secret).toMatch(/^lk_/);
    expect(endpoint).toBe(`${server.baseUrl}/api/live/${datafileId}/respondents`);
    const tool = locale === 'en' ? 'NFIELD' : 'QUALTRICS';
    const snippet = await page.getByTestId(`live-snippet-${tool}`).innerText();
    expect(snippet).toContain(secret);
    expect(snippet).toContain(endpoint);
    // The server key is shown apart and goes only into the request a server sends, never a page's snippet.
    const serverKey = await page.getByTestId('live-server-key').inputValue();
    expect(serverKey).toMatch(/^lks_/);
    expect(snippet).not.toContain(serverKey);
    await page.getByTestId('live-snippet-tab-HTTP').click();
    const curl = await page.getByTestId('live-snippet-HTTP').innerText();
    expect(curl).toContain(serverKey);
    expect(curl).not.toContain(secret);
    await page.getByTestId(`live-snippet-tab-${tool}`).click();
    expect(await page.getByTestId('live-limits-respondents').innerText()).toContain(
      locale === 'de' ? '0 von höchstens 6' : '0 of at most 6',
    );
    await fullPage(`live-snippet-1024-${locale}`, 1024);
    await page.getByTestId(`live-snippet-copy-${tool}`).click();
    await expect.poll(() => page.getByTestId(`live-snippet-copy-${tool}`).getAttribute('data-copied')).toBe('true');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    // 'Send a test respondent': answered with scores, neither stored nor charged.
    await page.getByTestId('live-test-send').click();
    await page.getByTestId('live-test-answer').waitFor({ timeout: 15_000 });
    await page.getByTestId('live-test-answer').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('live-test-decision').innerText()).toMatch(
      locale === 'de' ? /Behalten|Entfernen/ : /Keep|Remove/,
    );
    // It says it was a test, and why there is no Time-Score yet; the test respondent answers every grid item.
    expect(await page.getByTestId('live-test-note').innerText()).toMatch(
      locale === 'de' ? /Test-Befragter/ : /test respondent/,
    );
    expect(await page.getByTestId('live-test-ts').innerText()).toMatch(locale === 'de' ? /ab 30/ : /from 30/);
    expect(await page.getByTestId('live-test-warning').count()).toBe(0);
    // The test respondent types its answer (behaviour fields of a person): behaviour score 100.
    expect(await page.getByTestId('live-test-bas').innerText()).toBe('100');
    await screenshot(page, `live-snippet-${locale}`);

    // Saved as a draft: real respondents are refused until the user starts receiving.
    expect(await page.getByTestId('live-status').innerText()).toBe(locale === 'de' ? 'Entwurf' : 'Draft');
    const early = await post(endpoint, secret, respondent(`${locale}-r0`, 0));
    expect([early.status, early.body.error.reason]).toEqual([400, 'LIVE_DATAFILE_DRAFT']);
    await page.getByTestId('live-open').click();
    await expect
      .poll(() => page.getByTestId('live-status').innerText())
      .toBe(locale === 'de' ? 'Empfängt' : 'Receiving');
    await page.getByTestId('live-draft').waitFor({ state: 'detached' });

    // The survey tool: a real HTTP client on loopback. Five respondents, one sent twice.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(endpoint, secret, respondent(`${locale}-r${i}`, i)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // No Time-Score below 30 respondents, so their times are not charged: the grid and the answer, at least 4 credits.
    expect(answers.every((a) => a.body.status === 'SCORED' && a.body.credits === 4)).toBe(true);
    const again = await post(endpoint, secret, respondent(`${locale}-r0`, 0));
    expect(again).toMatchObject({ status: 200, body: { status: 'ALREADY_RECEIVED', credits: 4 } });
    expect((await post(endpoint, 'lk_wrong', respondent(`${locale}-r9`, 9))).status).toBe(401);

    // They count on the datafile (the page polls), charged once each.
    await page.reload();
    await expect.poll(() => page.getByTestId('live-respondents').innerText(), { timeout: 15_000 }).toBe('5');
    expect(await page.getByTestId('live-cost').innerText()).toMatch(/^20 /);
    const db = openServerDatabase(server, { readonly: true });
    try {
      const charged = db
        .prepare(
          `select count(*) as n, sum(credits) as c from datafile_charges where datafile_id = ? and kind = 'LIVE'`,
        )
        .get(datafileId) as { n: number; c: number };
      expect(charged).toMatchObject({ n: 5, c: 20 });
    } finally {
      db.close();
    }

    // The respondents appear on the result page and the worksheet once the next revision is
    // published (every LIVE_PUBLISH_SECONDS, 10 s); both pages poll a running live import.
    await page.goto(`${server.baseUrl}/datafile-result?datafileId=${datafileId}`);
    await expect
      .poll(
        async () =>
          (await page.getByTestId('figure-records').isVisible()) ? page.getByTestId('figure-records').innerText() : '',
        { timeout: 30_000 },
      )
      .toBe('5');
    await page.locator('[data-testid="datafile-result-page"][data-ready="true"]').waitFor({ timeout: 15_000 });
    await screenshot(page, `live-result-${locale}`);
    await page.goto(`${server.baseUrl}/datafile-work-sheet?datafileId=${datafileId}`);
    await page.getByTestId('worksheet-page').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('worksheet-page').innerText()).toContain(
      locale === 'de' ? '5 Interviews' : '5 interviews',
    );

    // Stopped and reopened through the datafile actions (stopLiveDatafile / reOpenLiveDatafile): a
    // stopped datafile refuses with the code and charges nothing; reopened it accepts again.
    const token = decodeURIComponent((await browser.context.cookies()).find((c) => c.name === 'accessToken')!.value);
    const gql = async (query: string) =>
      (await (
        await fetch(`${server.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables: { id: datafileId } }),
        })
      ).json()) as any;
    expect((await gql('mutation($id:ID!){stopLiveDatafile(datafileId:$id){status}}')).errors).toBeUndefined();
    const refused = await post(endpoint, secret, respondent(`${locale}-r5`, 5));
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'LIVE_DATAFILE_STOPPED' } } });
    await page.goto(`${server.baseUrl}/snippet-integration-instructions?datafileId=${datafileId}`);
    await expect.poll(() => page.getByTestId('live-status').innerText()).toBe(locale === 'de' ? 'Gestoppt' : 'Stopped');
    expect((await gql('mutation($id:ID!){reOpenLiveDatafile(datafileId:$id){status}}')).errors).toBeUndefined();
    expect((await post(endpoint, secret, respondent(`${locale}-r5`, 5))).body.status).toBe('SCORED');

    // The sixth respondent filled the ceiling: a seventh is refused and not charged until the
    // owner raises the ceiling on the integration page.
    const past = await post(endpoint, secret, respondent(`${locale}-r6`, 6));
    expect(past).toMatchObject({ status: 409, body: { error: { code: 'LIVE_CEILING_REACHED', max: 6 } } });
    await page.goto(`${server.baseUrl}/snippet-integration-instructions?datafileId=${datafileId}`);
    await expect
      .poll(() => page.getByTestId('live-limits-respondents').innerText())
      .toContain(locale === 'de' ? '6 von höchstens 6' : '6 of at most 6');
    await page.getByTestId('live-limits-maxRespondents').locator('input').fill('abc');
    await page.getByTestId('live-limits-save').click();
    await page
      .getByText(locale === 'de' ? 'Geben Sie eine ganze Zahl von 1 bis' : 'Enter a whole number from 1 to')
      .waitFor();
    await page.getByTestId('live-limits-maxRespondents').locator('input').fill('10');
    await page.getByTestId('live-limits-maxCredits').locator('input').fill('60');
    await page.getByTestId('live-limits-origins').fill('https://survey.example.com');
    await page.getByTestId('live-limits-save').click();
    await page.getByTestId('success-alert').waitFor();
    await expect
      .poll(() => page.getByTestId('live-limits-respondents').innerText())
      .toContain(locale === 'de' ? '6 von höchstens 10' : '6 of at most 10');
    await fullPage(`live-limits-1024-${locale}`, 1024);
    // The allowed origin now holds back calls from elsewhere; from the survey's site it is accepted.
    expect((await post(endpoint, secret, respondent(`${locale}-r6`, 6))).status).toBe(403);
    const fromSurvey = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-live-key': secret, origin: 'https://survey.example.com' },
      body: JSON.stringify(respondent(`${locale}-r6`, 6)),
    });
    expect(((await fromSurvey.json()) as { status: string }).status).toBe('SCORED');
  }, 120_000);
});
