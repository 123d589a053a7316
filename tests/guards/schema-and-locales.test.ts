import { readFileSync } from 'node:fs';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { ERROR_CODES } from '../../api/kernel/errors/error-codes';
import { REFUSAL_REASONS } from '../../api/kernel/errors/refusal-reasons';
import { buildRoot, buildSchema } from '../../api/graphql/schema';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

// The product's list of API calls (tests/fixtures/spec-operations.json): the names and argument
// names existing clients use. Move a call from `later` to `now` when it is built.
const operations = JSON.parse(readFileSync(new URL('../fixtures/spec-operations.json', import.meta.url), 'utf8')) as {
  now: { Query: string[]; Mutation: string[] };
  later: { Query: string[]; Mutation: string[] };
  argumentNames: Record<string, string[]>;
};

const schema = buildSchema();
const root = buildRoot();
const rootFields = (kind: 'Query' | 'Mutation') => {
  const type = kind === 'Query' ? schema.getQueryType() : schema.getMutationType();
  return Object.keys(type!.getFields()).filter((f) => f !== '_noop');
};

/**
 * Calls of the product's list that are not built yet.
 * Remove a name here when its operation lands; the test below fails if the two drift apart.
 */
const NOT_YET_BUILT: string[] = [].sort();

describe('guards against drift', () => {
  it('every SDL root field has a resolver, and every resolver a field', () => {
    for (const kind of ['Query', 'Mutation'] as const) {
      expect(rootFields(kind).sort(), kind).toEqual(Object.keys(root[kind]).sort());
    }
  });

  it("the schema holds every built call of the product's list, under the same root and with the list's argument names", () => {
    const missing: string[] = [];
    for (const kind of ['Query', 'Mutation'] as const) {
      const fields = (kind === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields();
      for (const name of operations.now[kind]) {
        const field = fields[name];
        if (!field) {
          missing.push(name);
          continue;
        }
        const args = field.args.map((a) => a.name);
        for (const expected of operations.argumentNames[name] ?? [])
          expect(args, `${name} argument ${expected}`).toContain(expected);
      }
    }
    expect(missing.sort()).toEqual(NOT_YET_BUILT);
  });

  it('every type in the schema is reachable and has described root fields', () => {
    for (const kind of ['Query', 'Mutation'] as const) {
      const type = kind === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
      expect(isObjectType(type)).toBe(true);
    }
  });

  const keys = (o: unknown, prefix = ''): string[] =>
    Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );

  it('en and de have the same keys', () => {
    const enKeys = new Set(keys(en));
    const deKeys = new Set(keys(de));
    expect(
      [...enKeys].filter((k) => !deKeys.has(k)),
      'only in en',
    ).toEqual([]);
    expect(
      [...deKeys].filter((k) => !enKeys.has(k)),
      'only in de',
    ).toEqual([]);
  });

  it('every error code has a message in both languages, and no message is a stray key', () => {
    for (const code of ERROR_CODES) {
      expect((en as any).errors[code], `en ${code}`).toBeTruthy();
      expect((de as any).errors[code], `de ${code}`).toBeTruthy();
    }
    expect(Object.keys((en as any).errors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('every refusal reason has a message in both languages that says what to change, and no message is a stray key', () => {
    for (const reason of REFUSAL_REASONS) {
      expect((en as any).reasons?.[reason], `en ${reason}`).toBeTruthy();
      expect((de as any).reasons?.[reason], `de ${reason}`).toBeTruthy();
      expect((en as any).reasons[reason], `en ${reason} is not the code's generic text`).not.toBe(
        (en as any).errors.INVALID_PARAMETERS,
      );
    }
    expect(Object.keys((en as any).reasons).sort()).toEqual([...REFUSAL_REASONS].sort());
    expect(Object.keys((de as any).reasons).sort()).toEqual([...REFUSAL_REASONS].sort());
  });

  it('every refusal reason of the catalogue is raised somewhere in api/ (no dead entries)', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const source = execFileSync(
      'git',
      [
        'grep',
        '-h',
        '-o',
        '-E',
        "'[A-Z][A-Z0-9_]+'",
        '--',
        'api/modules',
        'api/ingest',
        'api/lib',
        'api/graphql/paging.ts',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    const mentioned = new Set(source.split('\n').map((l) => l.slice(1, -1)));
    expect(REFUSAL_REASONS.filter((r) => !mentioned.has(r))).toEqual([]);
  });
});
