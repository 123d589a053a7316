import { readdirSync, readFileSync } from 'node:fs';
import type { Root, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { roundScore } from '../../scoring/bands';
import { reference, scoreGrid } from '../../scoring/reference';
import { CATEGORY_SCORES } from '../../scoring/text';
import { faqSections, figures, outline, parseMarkdown } from '../../web/features/guides/content/markdown';
import { BATTERY_ROWS, FIGURE_NAMES } from '../../web/features/guides/diagrams/figure-data';
import { GUIDE_IDS, GUIDES } from '../../web/features/guides/guides';

// The guides are markdown per locale (locales/guides/<locale>/<guide>.md). These guards keep the two
// languages in step (same guides, headings, anchors, figures, tables and links), keep raw HTML out,
// and hold the numbers the guides quote to the scoring core itself.

const root = new URL('../../locales/guides/', import.meta.url);
const LOCALES = ['de', 'en'] as const;
const read = (locale: string, id: string) => readFileSync(new URL(`${locale}/${id}.md`, root), 'utf8');
const trees = Object.fromEntries(
  LOCALES.map((l) => [l, Object.fromEntries(GUIDE_IDS.map((id) => [id, parseMarkdown(read(l, id))]))]),
) as Record<(typeof LOCALES)[number], Record<string, Root>>;

function collect<T>(tree: Root, pick: (node: any) => T | undefined): T[] {
  const out: T[] = [];
  const walk = (node: any) => {
    const picked = pick(node);
    if (picked !== undefined) out.push(picked);
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return out;
}

const tablesOf = (tree: Root) => collect<Table>(tree, (n) => (n.type === 'table' ? n : undefined));
const cells = (table: Table) => table.children.map((row) => row.children.map((cell) => toString(cell).trim()));
const linksOf = (tree: Root) => collect<string>(tree, (n) => (n.type === 'link' ? n.url : undefined));
const numberIn = (text: string) => {
  const match = /[−-]?\d+(?:[.,]\d+)?/.exec(text);
  return match ? Number(match[0].replace('−', '-').replace(',', '.')) : Number.NaN;
};

describe('guides in German and English', () => {
  it('both locales have exactly the guides of the app', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(new URL(`${locale}/`, root))
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.slice(0, -3))
        .sort();
      expect(files, locale).toEqual([...GUIDE_IDS].sort());
    }
  });

  it.each(GUIDE_IDS)('%s: the same headings with the same anchors, no h1, every section anchored once', (id) => {
    const de = outline(trees.de[id]!);
    const en = outline(trees.en[id]!);
    expect(de.map((h) => [h.depth, h.id])).toEqual(en.map((h) => [h.depth, h.id]));
    for (const heading of en) {
      expect(heading.depth, heading.text).toBeGreaterThanOrEqual(2);
      if (heading.depth <= 3) expect(heading.id, `${id}: "${heading.text}" needs {#anchor}`).toMatch(/^[a-z0-9-]+$/);
    }
    const ids = en.map((h) => h.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(GUIDE_IDS)('%s: the same figures, all known, and tables of the same shape', (id) => {
    expect(figures(trees.de[id]!)).toEqual(figures(trees.en[id]!));
    for (const name of figures(trees.en[id]!)) expect(FIGURE_NAMES).toContain(name);
    const shape = (tree: Root) => tablesOf(tree).map((t) => [t.children.length, t.children[0]!.children.length]);
    expect(shape(trees.de[id]!)).toEqual(shape(trees.en[id]!));
  });

  it.each(GUIDE_IDS)('%s: no raw HTML, no outside images, links in step and pointing at real anchors', (id) => {
    for (const locale of LOCALES) {
      const tree = trees[locale][id]!;
      expect(
        collect(tree, (n) => (n.type === 'html' ? n.value : undefined)),
        `${locale}/${id}`,
      ).toEqual([]);
      for (const url of collect<string>(tree, (n) => (n.type === 'image' ? n.url : undefined)))
        expect(url).toMatch(/^figure:/);
      for (const link of linksOf(tree)) {
        const [path, anchor] = link.split('#');
        if (path === '/credit-roi-calculator') continue;
        const target = GUIDE_IDS.find((g) => GUIDES[g].path === path);
        expect(target, `${locale}/${id}: link ${link}`).toBeDefined();
        if (anchor)
          expect(
            outline(trees[locale][target!]!).map((h) => h.id),
            `${locale}/${id}: link ${link}`,
          ).toContain(anchor);
      }
    }
    expect(linksOf(trees.de[id]!)).toEqual(linksOf(trees.en[id]!));
  });

  it('the FAQ has the same topics and questions in both languages, each with an answer', () => {
    const de = faqSections(read('de', 'faq'));
    const en = faqSections(read('en', 'faq'));
    const ids = (s: typeof de) => s.map((section) => [section.id, section.questions.map((q) => q.id)]);
    expect(ids(de)).toEqual(ids(en));
    expect(en.flatMap((s) => s.questions).length).toBeGreaterThan(15);
    for (const q of [...de, ...en].flatMap((s) => s.questions))
      expect(q.answer.trim().length, q.id).toBeGreaterThan(40);
  });
});

describe("the numbers the guides quote are the scoring core's", () => {
  it.each(LOCALES)('%s: the open-answer categories and their scores', (locale) => {
    const table = tablesOf(trees[locale].analysis!).find((t) => cells(t)[0]![0] === 'Code')!;
    const rows = cells(table)
      .slice(1)
      .map((r) => [numberIn(r[0]!), numberIn(r[2]!)]);
    expect(Object.fromEntries(rows)).toEqual(CATEGORY_SCORES);
  });

  it.each(LOCALES)('%s: the combined-score examples', (locale) => {
    const table = tablesOf(trees[locale].analysis!).find((t) => cells(t)[0]!.join('|').startsWith('OES|TS|IBS|PS|CS'))!;
    const keys = ['oes', 'ts', 'ibs', 'ps', 'cs'] as const;
    for (const row of cells(table).slice(1)) {
      const subscores = Object.fromEntries(keys.map((k, j) => [k, Float64Array.of(numberIn(row[j]!))]));
      const combined = reference.combined(subscores, 1).combined[0]!;
      expect(roundScore(combined), row.join(' | ')).toBe(numberIn(row[5]!));
    }
  });

  it.each(LOCALES)('%s: the Prediction-Score examples (sample 60 % yes, 40 % no)', (locale) => {
    const table = tablesOf(trees[locale].projective!).find((t) => cells(t)[0]![1] === 'PS')!;
    for (const row of cells(table).slice(1)) {
      const [yes, no] = row[0]!.split('/').map((v) => numberIn(v));
      // 30 respondents, 18 chose yes; the first one gives the estimate of the row, the rest 60/40.
      const choice = Float64Array.from({ length: 30 }, (_, i) => (i < 18 ? 1 : 2));
      const predYes = Float64Array.from({ length: 30 }, (_, i) => (i === 0 ? yes! : 60));
      const predNo = Float64Array.from({ length: 30 }, (_, i) => (i === 0 ? no! : 40));
      const ps = reference.projective([{ choice, predictions: [predYes, predNo], purpose: 'information' }]).ps[0]!;
      expect(roundScore(ps), row.join(' | ')).toBe(numberIn(row[1]!));
    }
  });

  it('the item-battery figure marks row 3 as a straightliner (0), row 5 as a pattern (10), the rest OK', () => {
    expect(BATTERY_ROWS.map((r) => roundScore(scoreGrid([...r]).score))).toEqual([100, 0, 100, 10, 100]);
    expect(BATTERY_ROWS.map((r) => scoreGrid([...r]).label)).toEqual([1, 2, 1, 4, 1]); // OK, Straightliner, OK, Pattern, OK
  });
});
