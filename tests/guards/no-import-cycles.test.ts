import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No import cycle between the server's files, type imports included (import/no-cycle in
// .oxlintrc.json holds the same; this guard prints the cycle). Such a cycle once ran through 43 files:
// Deps named the job system, whose handler types took Deps, and the file defining Deps imported
// every job kind and so every module.
const root = fileURLToPath(new URL('../..', import.meta.url));

const IMPORT_RE =
  /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s+['"]([^'"]+)['"]/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const path = `${dir}/${d.name}`;
    if (d.isDirectory()) return d.name === 'generated' ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** file -> the api files it imports (relative specifiers resolved as the bundler does). */
export function importGraph(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return undefined;
    const base = posix.normalize(posix.join(posix.dirname(from), specifier));
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => known.has(c));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // Comments may quote imports; only code counts.
    const code = read(file)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const targets = [...code.matchAll(IMPORT_RE)].map((m) => resolve(file, m[1] ?? m[2] ?? m[3] ?? ''));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined))]);
  }
  return graph;
}

/** One cycle (first file repeated at the end), or null. Depth-first with colours. */
export function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of [...graph.keys()].sort()) {
    if (state.has(file)) continue;
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

describe('api/ has no import cycle', () => {
  it('finds a cycle when there is one, type imports included', () => {
    const files: Record<string, string> = {
      'api/a.ts': "import type { B } from './b';\nexport type A = B;",
      'api/b.ts': "// import { A } from './a' is a comment\nimport type { C } from './c/index';\nexport type B = C;",
      'api/c/index.ts': "import type { A } from '../a';\nexport type C = A;",
      'api/d.ts': "import { x } from 'drizzle-orm';",
    };
    const graph = importGraph(Object.keys(files), (f) => files[f]!);
    expect(findCycle(graph)).toEqual(['api/a.ts', 'api/b.ts', 'api/c/index.ts', 'api/a.ts']);
    delete files['api/c/index.ts'];
    expect(findCycle(importGraph(Object.keys(files), (f) => files[f]!))).toBeNull();
  });

  it('no file of api/ reaches itself through its imports', () => {
    const files = sourcesUnder('api');
    const graph = importGraph(files, (f) => readFileSync(join(root, f), 'utf8'));
    const cycle = findCycle(graph);
    expect(cycle && `import cycle: ${cycle.join(' -> ')}`).toBeNull();
  });
});
