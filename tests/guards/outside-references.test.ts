import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ignoredPaths, repoRootDir, trackedFiles } from '../support/tracked-files';

// The repository explains itself: a reader of a clone can follow every reference. So no tracked file
// cites a ticket by number or a section of a specification the clone lacks, or names a Markdown
// document that is not in the tree; and every repository path the Markdown names (a link, or a
// path in backticks) exists, so the docs describe the code as it is. A rule is stated, not cited.

/**
 * The lockfile is npm's. Migrations are checked too: drizzle's migrator orders them by their
 * timestamp and never compares an applied file's hash, so a comment in one may be corrected. This
 * file's own examples (below) name documents that do not exist on purpose. The licence texts of the real survey files
 * are quoted as their authors wrote them (they name files of their own repositories).
 */
const EXEMPT =
  /^package-lock\.json$|^tests\/guards\/outside-references\.test\.ts$|^tests\/fixtures\/real-files\/licenses\//;

// Built from parts, so this file's own source holds none of what it looks for.
const ISSUE = new RegExp(['\\bissues?', '#?\\d+'].join(' '), 'gi');
const SPEC_SECTION = new RegExp(["\\bspec(?:ification)?(?:'s)?", 'sections?\\b'].join(' '), 'gi');
/** A Markdown file's name, with the folders written before it; not part of a URL or a longer word. */
const MARKDOWN_NAME = /(?<![\w/.:-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-]+\.md)\b/g;
/** A Markdown link's target: `[text](target)` or `[text](target "title")`. */
const LINK = /\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** Inline code that starts like a path of this repository. */
const REPO_PATH = /^(?:\.{1,2}\/)*(?:api|db|web|scoring|tests|docs|locales|\.ci)\/\S*$/;
/** Placeholders and globs: only the folders before them must exist. */
const PATTERN_SEGMENT = /[<>*{}$]|\.\.\./;

export type Finding = { line: number; text: string };

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Ticket numbers and specification sections cited in `text`. */
export function citations(text: string): Finding[] {
  const found: Finding[] = [];
  for (const re of [ISSUE, SPEC_SECTION])
    for (const m of text.matchAll(re)) found.push({ line: lineOf(text, m.index), text: m[0] });
  return found.sort((a, b) => a.line - b.line);
}

/** Markdown documents `text` (of the repo-relative `file`) names that are neither beside it nor at the root. */
export function missingDocuments(file: string, text: string, exists: (path: string) => boolean): Finding[] {
  const found: Finding[] = [];
  for (const m of text.matchAll(MARKDOWN_NAME)) {
    const name = m[1]!;
    const beside = posix.normalize(posix.join(posix.dirname(file), name));
    if (!exists(beside) && !exists(posix.normalize(name))) found.push({ line: lineOf(text, m.index), text: name });
  }
  return found;
}

/** Drops fenced code blocks (examples, folder maps), keeping the line count. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/**
 * Repository paths a Markdown file names that do not exist: relative link targets (resolved from the
 * file's folder) and inline code that starts like a path of the repository (resolved from the root).
 */
export function missingPaths(file: string, markdown: string, exists: (path: string) => boolean): Finding[] {
  const prose = proseOf(markdown);
  const found: Finding[] = [];
  const check = (path: string, index: number, shown: string) => {
    const segments = path.split('/');
    const patterned = segments.findIndex((s) => PATTERN_SEGMENT.test(s));
    const concrete = posix.normalize(patterned === -1 ? path : segments.slice(0, patterned).join('/'));
    const target = concrete.replace(/\/$/, '');
    // A module path may leave out its extension (`db/client`).
    if (target !== '.' && !['', '.ts', '.tsx'].some((ext) => exists(target + ext)))
      found.push({ line: lineOf(prose, index), text: shown });
  };
  for (const m of prose.matchAll(LINK)) {
    const target = m[1]!;
    if (/^[a-z][a-z+.-]*:|^#|^\//i.test(target)) continue; // URLs, anchors, the app's own routes
    const path = decodeURI(target.replace(/[#?].*$/, ''));
    if (path) check(posix.join(posix.dirname(file), path), m.index, target);
  }
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) {
    const code = m[1]!.replace(/[.,:;]+$/, '').replace(/:\d+(?:-\d+)?$/, '');
    // Written relative (`../web/lib/x.ts`): from the file's folder; else from the root.
    if (REPO_PATH.test(code))
      check(/^\.{1,2}\//.test(code) ? posix.join(posix.dirname(file), code) : code, m.index, m[1]!);
  }
  return found;
}

describe('the repository explains itself', () => {
  const files = trackedFiles();
  const tracked = new Set(files);
  const folders = new Set<string>();
  for (const file of files)
    for (let i = file.indexOf('/'); i !== -1; i = file.indexOf('/', i + 1)) folders.add(file.slice(0, i));
  const texts = new Map<string, string>();
  for (const file of files) {
    if (EXEMPT.test(file)) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(`${repoRootDir}${file}`);
    } catch {
      continue; // deleted in the work tree but not yet in the index
    }
    if (bytes.includes(0)) continue; // binary: fixtures, images
    texts.set(file, bytes.toString('utf8'));
  }
  const inTree = (path: string) => tracked.has(path) || folders.has(path);

  it('no tracked file cites a ticket number or a section of a specification', () => {
    const offenders: string[] = [];
    for (const [file, text] of texts) for (const f of citations(text)) offenders.push(`${file}:${f.line}: ${f.text}`);
    // One line per finding, file:line first, so the failure lists them all.
    expect(offenders.join('\n')).toBe('');
  });

  it('no tracked file names a Markdown document the tree does not have', () => {
    const offenders: string[] = [];
    for (const [file, text] of texts)
      for (const f of missingDocuments(file, text, (p) => tracked.has(p)))
        offenders.push(`${file}:${f.line}: ${f.text}`);
    // One line per finding, file:line first, so the failure lists them all.
    expect(offenders.join('\n')).toBe('');
  });

  it('every repository path the Markdown names exists (or is build output git ignores)', () => {
    const found: { where: string; path: string }[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith('.md')) continue;
      for (const f of missingPaths(file, text, inTree)) found.push({ where: `${file}:${f.line}`, path: f.text });
    }
    const ignored = ignoredPaths(found.map((f) => f.path.replace(/^(?:\.{1,2}\/)+/, '')));
    const offenders = found
      .filter((f) => !ignored.has(f.path.replace(/^(?:\.{1,2}\/)+/, '')))
      .map((f) => `${f.where}: ${f.path}`);
    // One line per finding, file:line first, so the failure lists them all.
    expect(offenders.join('\n')).toBe('');
  });

  it('catches what it is meant to catch', () => {
    const cite = (...parts: string[]) => parts.join(' ');
    expect(citations(`// as ${cite('issue', '17')} asked\n// see the ${cite('spec', 'section')} 5`)).toEqual([
      { line: 1, text: cite('issue', '17') },
      { line: 2, text: cite('spec', 'section') },
    ]);
    expect(citations('no tissue 3 here, and a specs sectional view')).toEqual([]);
    const has = (p: string) => ['docs/jobs.md', 'README.md', 'api/ingest/README.md'].includes(p);
    const design = ['data', 'path'].join('') + '.md';
    expect(missingDocuments('api/x.ts', `// (${design}) and jobs.md`, has)).toEqual([
      { line: 1, text: design },
      { line: 1, text: 'jobs.md' },
    ]);
    expect(missingDocuments('docs/a.md', '[jobs](jobs.md), [readme](../README.md), https://x.org/y/z.md', has)).toEqual(
      [],
    );
    expect(missingDocuments('api/ingest/parse/csv.ts', 'api/ingest/README.md', has)).toEqual([]);
    const exists = (p: string) => ['docs/jobs.md', 'api', 'api/jobs', 'api/jobs/job-loop.ts'].includes(p);
    expect(
      missingPaths(
        'docs/a.md',
        'See [jobs](jobs.md#retries), `api/jobs/job-loop.ts`, `api/modules/<feature>/`, [gone](gone.md)\n' +
          '```\napi/not-checked-in-a-fence.ts\n```\n`api/jobs/kinds/index.ts` and [site](https://x.org)',
        exists,
      ),
    ).toEqual([
      { line: 1, text: 'gone.md' },
      { line: 1, text: 'api/modules/<feature>/' },
      { line: 5, text: 'api/jobs/kinds/index.ts' },
    ]);
  });
});
