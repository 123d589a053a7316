import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../api/graphql/codegen';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The resolver types are committed (a clone type-checks without running codegen first); this
// regenerates them in memory and fails when the SDL changed without `npm run codegen:api`.
describe('generated resolver types', () => {
  it('match the SDL (run `npm run codegen:api` after changing a .graphql file)', async () => {
    const outputs = (await generate({ ...config, cwd: root, silent: true }, false)) as {
      filename: string;
      content: string;
    }[];
    expect(outputs.length).toBeGreaterThan(0);
    for (const { filename, content } of outputs) {
      const committed = readFileSync(`${root}${filename}`, 'utf8');
      expect(committed === content, `${filename} is stale: run npm run codegen:api`).toBe(true);
    }
  }, 60_000);
});
