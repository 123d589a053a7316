import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config, { GENERATED_DIR } from '../../web/codegen';

const root = resolve(import.meta.dirname, '../..');

describe('generated web GraphQL types', () => {
  // The generated files are committed so a clone type-checks without a build step; this is what
  // keeps them honest: a schema or document change without `npm run codegen:web` fails here.
  it('are what `npm run codegen:web` writes from the current SDL and documents', async () => {
    const outputs = (await generate({ ...config, cwd: root, silent: true }, false)) as {
      filename: string;
      content: string;
    }[];
    expect(outputs.length).toBeGreaterThan(2);
    const stale = outputs
      .filter(({ filename, content }) => {
        const path = resolve(root, filename);
        return !existsSync(path) || readFileSync(path, 'utf8') !== content;
      })
      .map(({ filename }) => filename);
    expect(stale, 'run npm run codegen:web and commit the result').toEqual([]);
    const written = new Set(outputs.map(({ filename }) => resolve(root, filename)));
    const strays = readdirSync(join(root, GENERATED_DIR))
      .map((name) => join(root, GENERATED_DIR, name))
      .filter((path) => !written.has(path));
    expect(strays, 'files in the generated folder that codegen no longer writes').toEqual([]);
  }, 60_000);
});
