import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

// The guides are CommonMark plus GFM tables, parsed by the same remark parser react-markdown renders
// with. Two small conventions on top, both checked by tests/guards/guides-locales.test.ts:
//   `## Title {#anchor}`          a heading's anchor, the same in every language, so links such as
//                                 /analysis-guide#time-score work whatever language the reader uses;
//   `![caption](figure:name)`     a localised diagram or a table drawn from the scoring core's values.

const parser = unified().use(remarkParse).use(remarkGfm);

const ANCHOR = /\s*\{#([a-z0-9-]+)\}\s*$/;
export const FIGURE_PREFIX = 'figure:';

export function parseMarkdown(text: string): Root {
  return parser.parse(text);
}

/** The anchor of a heading, removed from its text; null when the heading has none. */
export function takeHeadingAnchor(heading: Heading): string | null {
  const last = heading.children[heading.children.length - 1];
  if (!last || last.type !== 'text') return null;
  const match = ANCHOR.exec(last.value);
  if (!match) return null;
  last.value = last.value.slice(0, match.index);
  return match[1]!;
}

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/** remark plugin: each heading's `{#anchor}` becomes the id of the rendered heading. */
export function remarkHeadingAnchors() {
  return (tree: Root) =>
    walk(tree, (node) => {
      if (node.type !== 'heading') return;
      const id = takeHeadingAnchor(node);
      if (id) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    });
}

export type OutlineEntry = { depth: number; id: string | null; text: string };

/** The headings of a guide in order, with their anchors: the table of contents and the structure guard. */
export function outline(tree: Root): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  walk(tree, (node) => {
    if (node.type !== 'heading') return;
    const copy = structuredClone(node);
    const id = takeHeadingAnchor(copy);
    entries.push({ depth: node.depth, id, text: toString(copy).trim() });
  });
  return entries;
}

/** The figure names a guide embeds, in order. */
export function figures(tree: Root): string[] {
  const names: string[] = [];
  walk(tree, (node) => {
    if (node.type === 'image' && node.url.startsWith(FIGURE_PREFIX)) names.push(node.url.slice(FIGURE_PREFIX.length));
  });
  return names;
}

export type FaqQuestion = { id: string; question: string; answer: string; searchText: string };
export type FaqSection = { id: string; title: string; questions: FaqQuestion[] };

function sliceOf(text: string, nodes: RootContent[]): string {
  const start = nodes[0]?.position?.start.offset;
  const end = nodes[nodes.length - 1]?.position?.end.offset;
  return start === undefined || end === undefined ? '' : text.slice(start, end);
}

/**
 * The FAQ file as sections (`## Topic {#id}`) of questions (`### Question {#id}`), each answer kept as
 * its markdown source so it renders with links and lists like any guide.
 */
export function faqSections(text: string): FaqSection[] {
  const sections: FaqSection[] = [];
  let question: (FaqQuestion & { nodes: RootContent[] }) | null = null;
  const close = () => {
    if (!question) return;
    question.answer = sliceOf(text, question.nodes);
    question.searchText = `${question.question}\n${question.nodes.map((n) => toString(n)).join('\n')}`;
    const { nodes: _nodes, ...done } = question;
    sections[sections.length - 1]?.questions.push(done);
    question = null;
  };
  for (const node of parseMarkdown(text).children) {
    if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
      close();
      const id = takeHeadingAnchor(node) ?? '';
      const title = toString(node).trim();
      if (node.depth === 2) sections.push({ id, title, questions: [] });
      else question = { id, question: title, answer: '', searchText: '', nodes: [] };
    } else if (question) {
      question.nodes.push(node);
    }
  }
  close();
  return sections;
}

/** Lower case without accents, so that "Gewichtung" finds "gewichtung" and "categorie" finds "catégorie". */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
