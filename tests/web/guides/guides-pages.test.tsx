import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES, DEFAULT_WEIGHTS } from '../../../scoring/types';
import { AppProviders } from '../../../web/app/providers';
import { GuideMarkdown } from '../../../web/features/guides/components/guide-markdown';
import {
  currentUrl,
  loadPageBeforeAll,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';
import { chooseLanguage } from '../../support/web/choose-language';

// The first guide on a cold module graph transforms the markdown parser and the text chunks: wait longer.
const firstLoad = { timeout: 10_000 };

loadPageBeforeAll('guides');

describe('guides', () => {
  beforeEach(() => resetAppState());

  it.each(['EMPLOYEE', 'ADMIN', 'SUPER_ADMIN'] as const)(
    'open for %s with text, contents and figures',
    async (role) => {
      stubGraphQL(shellHandlers(role));
      startSession();
      renderAppAt('/analysis-guide');
      await screen.findByRole('heading', { level: 1, name: 'Analyse-Leitfaden' }, firstLoad);
      const article = await screen.findByTestId('guide-article');
      await within(article).findByRole('heading', { level: 2, name: /Time-Score \(TS\)/ });
      // Anchors are the same in every language; the contents link to them.
      expect(article.querySelector('h2#time-score')).not.toBeNull();
      const toc = screen.getByTestId('guide-toc');
      expect(within(toc).getByText('Gesamtscore').getAttribute('href')).toBe('#combined-score');
      for (const figure of ['score-bands', 'time-score-curve', 'cleaning-flow'])
        expect(screen.getByTestId(`figure-${figure}`).tagName.toLowerCase()).toBe('svg');
    },
  );

  it('draws the default rules and weights from the scoring core', async () => {
    stubGraphQL(shellHandlers('EMPLOYEE'));
    startSession();
    renderAppAt('/analysis-guide');
    const rules = await screen.findByTestId('figure-default-rules', {}, firstLoad);
    const ibs = rules.querySelector('[data-rule="ibs"]')!.textContent!;
    expect(ibs).toContain(`unter ${DEFAULT_RULES.rules.ibs.threshold}`);
    expect(ibs).toContain(`mindestens ${DEFAULT_RULES.rules.ibs.minDataPoints} bewerteten Grids`);
    expect(rules.querySelector('[data-rule="sds"]')!.textContent).toContain('aus');
    const weights = screen.getByTestId('figure-combined-weights');
    expect(weights.querySelector('[data-score="oes"] [data-part="weight"]')!.textContent).toBe(
      String(DEFAULT_WEIGHTS.oes),
    );
    expect(weights.querySelector('[data-score="ps"] [data-part="weight"]')!.textContent).toBe(
      String(DEFAULT_WEIGHTS.ps),
    );
    expect(weights.textContent).toContain(`niedrigster + ${DEFAULT_WEIGHTS.cap}`);
  });

  it('switches the guide text and the figures with the language', async () => {
    stubGraphQL(shellHandlers('EMPLOYEE'));
    startSession();
    renderAppAt('/upload-guide');
    await screen.findByRole('heading', { level: 2, name: 'Schritt 2: Spaltentypen' }, firstLoad);
    expect(screen.getByTestId('figure-spreadsheet-layout').textContent).toContain('Itembatterie: 7 Items, Skala 1–5');
    await chooseLanguage('en');
    await screen.findByRole('heading', { level: 2, name: 'Step 2: column types' }, firstLoad);
    expect(screen.getByTestId('figure-spreadsheet-layout').textContent).toContain('Item battery: 7 items, scale 1–5');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Upload Guide');
  });

  it('moves between guides through the navigation and the next link', async () => {
    stubGraphQL(shellHandlers('EMPLOYEE'));
    startSession();
    renderAppAt('/guides');
    await screen.findByTestId('guide-overview', {}, firstLoad);
    fireEvent.click(screen.getByTestId('guide-card-projective'));
    await screen.findByTestId('guide-projective', {}, firstLoad);
    expect(currentUrl()).toBe('/projective-question-guide');
    fireEvent.click(await screen.findByTestId('guide-next', {}, firstLoad));
    await screen.findByTestId('guide-faq', {}, firstLoad);
    expect(currentUrl()).toBe('/faq-guide');
    fireEvent.click(screen.getByTestId('guide-nav-upload'));
    await screen.findByTestId('guide-upload', {}, firstLoad);
  });

  it('the FAQ searches questions and answers, ignoring case and accents, and opens the matches', async () => {
    stubGraphQL(shellHandlers('EMPLOYEE'));
    startSession();
    renderAppAt('/faq-guide');
    const search = await screen.findByTestId('faq-search', {}, firstLoad);
    expect(screen.getAllByTestId(/^faq-question-/).length).toBeGreaterThan(15);

    fireEvent.change(search, { target: { value: 'ABONNEMENT' } });
    await waitFor(() =>
      expect(screen.getAllByTestId(/^faq-question-/).map((q) => q.dataset.testid)).toEqual([
        'faq-question-subscription',
      ]),
    );
    expect(screen.getByTestId('faq-match-count').textContent).toBe('Passende Fragen: 1');
    expect(screen.getByTestId('faq-question-subscription').getAttribute('data-state')).toBe('open');

    // Words of the answer count too, and accents do not matter: "gultige" finds "gültige".
    fireEvent.change(search, { target: { value: 'gultige dauern' } });
    await waitFor(() =>
      expect(screen.getAllByTestId(/^faq-question-/).map((q) => q.dataset.testid)).toContain(
        'faq-question-no-time-score',
      ),
    );

    fireEvent.change(search, { target: { value: 'quantenphysik' } });
    await screen.findByTestId('faq-empty');
  });

  it('opens the question named in the address', async () => {
    stubGraphQL(shellHandlers('EMPLOYEE'));
    startSession();
    renderAppAt('/faq-guide#empty-cells');
    const question = await screen.findByTestId('faq-question-empty-cells', {}, firstLoad);
    expect(question.getAttribute('data-state')).toBe('open');
    expect(screen.getByTestId('faq-question-levels').getAttribute('data-state')).toBe('closed');
  });

  it('is behind the login', async () => {
    stubGraphQL({});
    renderAppAt('/upload-guide');
    await waitFor(() => expect(currentUrl()).toBe('/login?redirectFrom=%2Fupload-guide'));
  });
});

describe('guide markdown', () => {
  it('renders no raw HTML and no unsafe links', async () => {
    render(
      <AppProviders>
        <GuideMarkdown
          text={
            'Text <script>window.hacked = 1</script> <img src=x onerror="window.hacked = 2">\n\n[bad](javascript:alert(1)) [ok](/faq-guide#credits) ![x](https://example.com/a.png)\n\n## Heading {#anchor}'
          }
        />
      </AppProviders>,
    );
    await screen.findByText('bad');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(screen.getByText('ok').closest('a')?.getAttribute('href')).toBe('/faq-guide#credits');
    expect(screen.getByRole('heading', { level: 2, name: /Heading/ }).id).toBe('anchor');
    expect(screen.getByRole('heading', { level: 2 }).textContent).not.toContain('{#');
  });
});
