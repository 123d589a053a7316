import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';

// happy-dom gives import.meta.url an http scheme here; the directory name is still the file's.
const root = resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'dist' ? [] : filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

const webSources = filesUnder(join(root, 'web'), /\.(ts|tsx)$/).map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));
/** The web's own files, without what `npm run codegen:web` writes. */
const handWritten = webSources.filter(({ path }) => !path.includes(join('web', 'lib', 'gql')));

describe('web contracts', () => {
  it('every GraphQL document of the web app validates against the server SDL', () => {
    const sdl = [join(root, 'api/graphql/base.graphql'), ...filesUnder(join(root, 'api/modules'), /\.graphql$/)]
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const schema = buildSchema(sdl);
    const documents = handWritten.flatMap(({ path, text }) =>
      [...text.matchAll(/\bgraphql\(`([^`]*)`\)/g)].map((match) => ({ path, document: match[1] ?? '' })),
    );
    expect(documents.length).toBeGreaterThan(15);
    for (const { path, document } of documents) {
      const errors = validate(schema, parse(document)).map((error) => error.message);
      expect(errors, path).toEqual([]);
    }
  });

  it('every document is typed from the schema: written with graphql() from the generated module, none as a bare string', () => {
    const untyped = handWritten.filter(({ text }) => /\/\* GraphQL \*\/|gql`/.test(text)).map(({ path }) => path);
    expect(untyped).toEqual([]);
    const requestsWithStrings = handWritten
      .filter(({ text }) => /gqlRequest(?:<[^>]*>)?\(\s*['"`]/.test(text))
      .map(({ path }) => path);
    expect(requestsWithStrings).toEqual([]);
  });

  it('every literal translation key the web app uses exists in en and de', () => {
    const enKeys = new Set(keysOf(en));
    const deKeys = new Set(keysOf(de));
    const used = new Set(
      webSources.flatMap(({ text }) => [...text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)].map((m) => m[1] ?? '')),
    );
    const titleKeys = webSources.flatMap(({ text }) =>
      [...text.matchAll(/(?:titleKey|labelKey): '([a-zA-Z]+\.[a-zA-Z.]+)'/g)].map((m) => m[1] ?? ''),
    );
    for (const key of titleKeys) used.add(key);
    expect(used.size).toBeGreaterThan(50);
    // A key with plural forms is called by its bare name (`<key>_one`, `<key>_other` in the files).
    const has = (keys: Set<string>, key: string) => keys.has(key) || keys.has(`${key}_other`);
    const missing = [...used].filter((key) => !has(enKeys, key) || !has(deKeys, key));
    expect(missing).toEqual([]);
  });

  it('en and de have the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });
});
