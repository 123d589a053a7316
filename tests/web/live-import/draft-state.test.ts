import { describe, expect, it } from 'vitest';
import { AppError } from '../../../api/kernel/errors/errors';
import { validatePages } from '../../../api/modules/live-import/live-config';
import {
  creditEstimate,
  newPage,
  pageIssues,
  splitKeywords,
  type DraftPage,
} from '../../../web/features/live-import/state/live-draft';
import { snippetFor, testRespondent, type SnippetTool } from '../../../web/features/live-import/state/snippets';

const page = (patch: Partial<DraftPage>): DraftPage => ({ ...newPage(false), questionTitle: 'Frage', ...patch });
const toServer = (p: DraftPage) => ({
  ...p,
  ...(p.criterion === 'IBS'
    ? { items: Number(p.items), min: Number(p.min), max: Number(p.max) }
    : { items: undefined, min: undefined, max: undefined }),
});

/** The server's verdict on the same pages: null when accepted, else the refused field's kind. */
function serverIssue(pages: DraftPage[]): string | null {
  try {
    validatePages(pages.map(toServer));
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return String(error.details.field).split('.').pop()!;
  }
}

describe('live import step 2 in the form', () => {
  it('finds what the server refuses, page by page and field by field', () => {
    const cases: [DraftPage[], string | null][] = [
      [[page({ label: 'Q1', start: true })], null],
      [[page({ label: '', start: true })], 'label'],
      [[page({ label: 'Q 1', start: true })], 'label'],
      [[page({ label: 'Frage_1', start: true })], 'label'],
      [[page({ label: 'Größe2', start: true })], null],
      [[page({ label: 'Q1', start: true }), page({ label: 'q1' })], 'label'],
      [[page({ label: 'Q1', start: true, questionTitle: '  ' })], 'questionTitle'],
      [[page({ label: 'G1', start: true, criterion: 'IBS', items: '6' })], 'items'],
      [[page({ label: 'G1', start: true, criterion: 'IBS', min: '5', max: '5' })], 'scale'],
      [[page({ label: 'Q1', start: true, keywords: Array.from({ length: 16 }, (_, i) => `k${i}`) })], 'keywords'],
      [[page({ label: 'Q1', start: true, keywords: Array.from({ length: 15 }, (_, i) => `k${i}`) })], null],
    ];
    for (const [pages, expected] of cases) {
      const issues = [...pageIssues(pages).values()].flat().map((i) => i.field);
      expect(issues[0] ?? null, JSON.stringify(pages.map((p) => p.label))).toBe(expected);
      // The server says the same (it names the grid's scale by its lowest code).
      expect(serverIssue(pages)).toBe(expected === 'scale' ? 'min' : expected);
    }
  });

  it('splits keywords at semicolons, trimmed and without repeats', () => {
    expect(splitKeywords(' Einkauf; Kasse;;Einkauf ')).toEqual(['Einkauf', 'Kasse']);
  });

  it('estimates the credits the endpoint charges a respondent who answers every page (4 to 10)', () => {
    expect(creditEstimate([page({ criterion: 'TS' })])).toBe(4);
    expect(creditEstimate([page({ criterion: 'OES' }), page({ criterion: 'IBS' }), page({ criterion: 'TS' })])).toBe(6);
    expect(creditEstimate(Array.from({ length: 8 }, () => page({ criterion: 'OES' })))).toBe(10);
  });
});

describe('live import snippets', () => {
  const target = {
    endpoint: 'http://127.0.0.1:4000/api/live/df-1/respondents',
    secretKey: 'lk_secret"quote',
    serverKey: 'lks_server',
    pages: [
      { label: 'Q1', criterion: 'OES' },
      { label: 'Grid1', criterion: 'IBS' },
    ],
  };

  /** The JavaScript a snippet puts into the survey page (inside <script>, a CDATA block or bare). */
  function scriptOf(tool: SnippetTool, code: string): string {
    if (tool === 'NFIELD') return /<script>([\s\S]*)<\/script>/.exec(code)![1]!;
    if (tool === 'FORSTA') return /<!\[CDATA\[([\s\S]*)\]\]>/.exec(code)![1]!;
    return code;
  }

  it.each(['NFIELD', 'FORSTA', 'QUALTRICS'] as const)(
    '%s carries the endpoint, the secret and the page kinds, and parses as JavaScript',
    (tool) => {
      for (const template of ['DECIPHER_XML', 'FORSTA_PLUS_JS'] as const) {
        const code = snippetFor(tool, target, template);
        expect(code).toContain(JSON.stringify(target.endpoint));
        expect(code).toContain(JSON.stringify(target.secretKey));
        expect(code).toContain('"Q1":"OES","Grid1":"IBS"');
        const script = tool === 'FORSTA' && template === 'FORSTA_PLUS_JS' ? code : scriptOf(tool, code);
        expect(() => new Function(script)).not.toThrow();
      }
    },
  );

  it('HTTP: a curl call from a server with the server key (never the browser key) and a respondent of the defined pages', () => {
    const code = snippetFor('HTTP', target);
    expect(code).toContain(`-H 'x-live-key: ${target.serverKey}'`);
    expect(code).not.toContain(target.secretKey);
    expect(code).toContain('"Grid1":{"items"');
  });

  it('the browser snippets never carry the server key', () => {
    for (const tool of ['NFIELD', 'FORSTA', 'QUALTRICS'] as const)
      expect(snippetFor(tool, target)).not.toContain('lks_');
  });

  it('the test respondent answers every page in the shape the endpoint accepts', () => {
    const body = testRespondent(
      [
        { label: 'Q1', criterion: 'OES', languages: ['en'] },
        { label: 'G', criterion: 'IBS', items: 8, min: 0, max: 10 },
        { label: 'T', criterion: 'TS' },
      ],
      'de',
    );
    expect(body.answers).toMatchObject({
      Q1: { answer: expect.stringMatching(/^The /) },
      G: { items: expect.any(Array) },
      T: { seconds: 15 },
    });
    expect((body.answers.G as { items: number[] }).items).toHaveLength(8);
    expect((body.answers.G as { items: number[] }).items.every((v) => v >= 0 && v <= 10)).toBe(true);
  });
});
