import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, screenshot } from '../support/browser/browser';
import { browserSuite, closeFirstLoginModals } from '../support/browser/suite';

// The guides (behind login, any role) and the public calculator in real Chromium, in both languages.
// A tall window shows a whole guide at once: the app scrolls inside its main frame, so a full-page
// screenshot would only show the first screen.
const suite = browserSuite();

const GUIDES = [
  { path: '/guides', id: 'overview', title: { de: 'Leitfäden', en: 'Guides' }, figures: ['data-path'] },
  {
    path: '/upload-guide',
    id: 'upload',
    title: { de: 'Upload-Leitfaden', en: 'Upload Guide' },
    figures: ['spreadsheet-layout'],
  },
  {
    path: '/analysis-guide',
    id: 'analysis',
    title: { de: 'Analyse-Leitfaden', en: 'Analysis Guide' },
    figures: ['score-bands', 'time-score-curve', 'combined-weights', 'cleaning-flow', 'default-rules'],
  },
  {
    path: '/projective-question-guide',
    id: 'projective',
    title: { de: 'Leitfaden projektive Fragen', en: 'Projective Question Guide' },
    figures: ['projective-layout', 'projective-shares'],
  },
] as const;

async function setLanguage(page: Page, code: 'de' | 'en') {
  await page.evaluate((locale) => window.localStorage.setItem('locale', locale), code);
}

describe.each(['de', 'en'] as const)('guides in %s', (code) => {
  it('every guide shows its text, contents, figures and navigation; the FAQ searches', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLanguage(page, code);
    await login(page, server.baseUrl, 'employee@example.com');
    await closeFirstLoginModals(page);

    // The help center of the info menu opens the guides.
    await page.getByTestId('info-menu').click();
    await page.getByTestId('help-center-link').click();
    await page.getByTestId('guide-overview').waitFor();
    expect(new URL(page.url()).pathname).toBe('/guides');

    await page.setViewportSize({ width: 1440, height: 7000 });
    for (const guide of GUIDES) {
      await page.getByTestId(`guide-nav-${guide.id}`).click();
      await page.getByTestId(`guide-${guide.id}`).waitFor();
      await page.getByTestId('guide-article').locator('h2').first().waitFor();
      expect(await page.locator('h1').first().textContent()).toBe(guide.title[code]);
      for (const figure of guide.figures) await page.getByTestId(`figure-${figure}`).waitFor();
      const tocLinks = await page.getByTestId('guide-toc').locator('a').count();
      expect(tocLinks).toBeGreaterThan(3);
      // Every contents link points at a heading that exists.
      for (const href of await page
        .getByTestId('guide-toc')
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
        expect(await page.locator(`[id="${href!.slice(1)}"]`).count(), href!).toBe(1);
      }
      await page.waitForTimeout(150);
      await screenshot(page, `guide-${guide.id}-${code}`);
      for (const figure of guide.figures)
        await page
          .getByTestId(`figure-${figure}`)
          .screenshot({ path: `tests/.artifacts/figure-${figure}-${code}.png` });
    }

    // A link to a heading of another guide scrolls it into view.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('guide-nav-faq').click();
    await page.getByTestId('faq-search').waitFor();
    await screenshot(page, `guide-faq-${code}`);
    await page.getByTestId('faq-search').fill('Qualtrics');
    await expect.poll(() => page.getByTestId('faq-match-count').textContent()).toMatch(/: 1$/);
    await page
      .getByTestId('faq-question-qualtrics')
      .getByText(code === 'de' ? 'Kopfzeile 1' : 'header row 1')
      .waitFor();
    await page.waitForTimeout(400); // the accordion's opening animation
    await screenshot(page, `guide-faq-search-${code}`);
    await page.getByTestId('faq-search').fill('zzzz-nothing');
    await page.getByTestId('faq-empty').waitFor();
    await page.getByTestId('faq-search').fill('');
    await page.getByTestId('faq-question-combined-55').getByRole('button').click();
    // Click the link once the answer has opened: during the opening animation a click could land
    // while the content still moves (CI once saw it go nowhere with another file running beside it).
    await page.locator('[data-testid="faq-question-combined-55"][data-state="open"]').waitFor();
    await page.waitForTimeout(400);
    await page.getByTestId('faq-question-combined-55').locator('a[href="/analysis-guide#combined-score"]').click();
    await page.getByTestId('guide-analysis').waitFor();
    const heading = page.locator('[id="combined-score"]');
    await heading.waitFor();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(400);
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);

    // At the smallest desktop width the guide navigation moves above the article.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByTestId('guide-nav-compact').waitFor();
    expect(await page.getByTestId('guide-toc').isVisible()).toBe(false);
    await screenshot(page, `guide-analysis-1024-${code}`);
  });

  it('a guide prints as the article alone, over several pages', async () => {
    const { page, server } = suite;
    await setLanguage(page, code);
    await login(page, server.baseUrl, 'admin@example.com', '/login?redirectFrom=%2Fanalysis-guide');
    await page.getByTestId('guide-analysis').waitFor();
    await page.getByTestId('figure-time-score-curve').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('guide-nav').isVisible()).toBe(false);
    expect(await page.getByTestId('guide-print').isVisible()).toBe(false);
    expect(await page.getByTestId('guide-article').isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    // The shell's fixed-height frame would clip the print to one page without the print styles.
    expect(pages).toBeGreaterThan(4);
    await page.emulateMedia({ media: 'screen' });
  });
});

describe.each(['de', 'en'] as const)('credit ROI calculator in %s', (code) => {
  it('calculates from the defaults, validates and switches language without login', async () => {
    const { page, server } = suite;
    await page.setViewportSize({ width: 1440, height: 1100 });
    await setLanguage(page, code);
    await page.goto(`${server.baseUrl}/credit-roi-calculator`);
    await page.getByTestId('roi-results').waitFor();
    // Defaults: 500 interviews with 1 + 2 + 3 data points = 6 credits, 0.10 EUR per credit, 10 studies a
    // year, 5 hours at 80 EUR saved per study.
    expect(await page.getByTestId('roi-credits-per-interview').textContent()).toBe('6');
    const row = (id: string, part: 'study' | 'year') =>
      page.getByTestId(id).locator(`[data-part="${part}"]`).textContent();
    expect(await row('roi-row-credits', 'study')).toBe(code === 'de' ? '3.000' : '3,000');
    expect((await row('roi-row-cost', 'study'))?.replace(/\s/g, ' ')).toBe(code === 'de' ? '300,00 €' : '€300.00');
    expect((await row('roi-row-savings', 'study'))?.replace(/\s/g, ' ')).toBe(code === 'de' ? '400,00 €' : '€400.00');
    expect((await row('roi-row-net', 'year'))?.replace(/\s/g, ' ')).toBe(code === 'de' ? '1.000,00 €' : '€1,000.00');
    // 30,000 credits a year: 20,000 short of a subscription.
    expect(await page.getByTestId('roi-subscription').textContent()).toContain(code === 'de' ? '20.000' : '20,000');
    await screenshot(page, `roi-calculator-${code}`);

    await page.getByTestId('roi-kinds-oes-count').fill('20');
    await expect.poll(() => page.getByTestId('roi-credits-per-interview').textContent()).toBe('10');
    await page.getByTestId('roi-interviewsPerStudy').fill('12x');
    await page.getByTestId('roi-error-interviewsPerStudy').waitFor();
    expect(await page.getByTestId('roi-error-interviewsPerStudy').textContent()).toBe(
      code === 'de'
        ? 'Geben Sie eine ganze Zahl von 1 bis 10.000.000 ein.'
        : 'Enter a whole number from 1 to 10,000,000.',
    );
    await page.getByTestId('roi-results-invalid').waitFor();
    await screenshot(page, `roi-calculator-invalid-${code}`);

    const other = code === 'de' ? 'en' : 'de';
    await page.getByTestId('language-menu').click();
    await page.getByTestId(`language-${other}`).click();
    await expect
      .poll(() => page.getByTestId('roi-error-interviewsPerStudy').textContent())
      .toBe(
        other === 'de'
          ? 'Geben Sie eine ganze Zahl von 1 bis 10.000.000 ein.'
          : 'Enter a whole number from 1 to 10,000,000.',
      );
  });
});
