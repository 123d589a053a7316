import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import '../support/scoring.ts';
import { generateBatterySurvey } from './battery-generator.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scoring-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(`${root}node_modules/.bin/bun`, [`${root}scoring/cli.ts`, ...args], {
    encoding: 'utf8',
    cwd: root,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const items = Array.from({ length: 10 }, (_, j) => `i${j + 1}`);
const rows = [
  ['A', 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
  ['B', 4, 4, 4, 4, 4, 4, 4, 4, 5, 4],
  ['C', 7, 8, 9, 1, 3, 5, 2, 5, 9, 6],
  ['D', 1, 2, 1, 2, 'NA', 2, 1, '', 1, -999],
];
const csv = file(
  'data.csv',
  [['id', ...items, 'comment'].join(','), ...rows.map((r) => [...r, '"ok, fine"'].join(','))].join('\n'),
);

describe('scoring command line', () => {
  it('writes one indices row per input row with id, longstring, avgstr, irv, mahad and ibs', () => {
    const r = run('indices', '--input', csv, '--items', 'i1:i10', '--id', 'id');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe('id,longstring,avgstr,irv,mahad,ibs');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^A,10,10,0,[\d.]+,0$/);
    // Full precision by default (the shortest text that reads back as the same double), as R's careless prints.
    const [, longstring, avgstr, irv] = lines[2]!.split(',');
    expect(longstring).toBe('8');
    expect(avgstr).toBe(String(10 / 3));
    expect(Math.abs(Number(irv) - Math.sqrt(0.1))).toBeLessThan(1e-15);
    expect(irv!.length).toBeGreaterThan(10);
    expect(lines[3]!.split(',')[5]).toBe('100');
  });

  it('--decimals n rounds the indices half up to n places', () => {
    const r = run('indices', '--input', csv, '--items', 'i1:i10', '--id', 'id', '--decimals', '4');
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')[2]!.split(',').slice(0, 4)).toEqual(['B', '8', '3.3333', '0.3162']);
    const none = run('indices', '--input', csv, '--items', 'i1:i10', '--id', 'id', '--decimals', '0');
    expect(none.out.trim().split('\n')[2]!.split(',').slice(0, 4)).toEqual(['B', '8', '3', '0']);
    for (const bad of ['-1', '1.5', '11', 'x'])
      expect(run('indices', '--input', csv, '--items', 'i1:i10', '--decimals', bad).err).toMatch(
        /--decimals must be a whole number 0..10/,
      );
  });

  it('treats empty cells, NA and -999 as missing', () => {
    const r = run('indices', '--input', csv, '--items', 'i1:i10');
    const d = r.out.trim().split('\n')[4]!.split(',');
    // Seven valid answers remain (1 2 1 2 2 1 1): scored as a grid, longest run 2.
    expect(d.slice(0, 2)).toEqual(['4', '2']);
    expect(d[5]).toBe('100');
  });

  it('writes every configured score per row', () => {
    const config = file('config.json', JSON.stringify({ id: 'id', grids: [{ items: 'i1:i10', min: 1, max: 9 }] }));
    const r = run('score', '--input', csv, '--config', config, '--decimals', '1');
    expect(r.code).toBe(0);
    const [header, a, b] = r.out.trim().split('\n');
    expect(header).toContain('combined');
    const cols = header!.split(',');
    expect(b!.split(',')[cols.indexOf('grid_1')]).toBe('55.4');
    expect(a!.split(',')[cols.indexOf('primary_reason')]).toBe('combined');
  });

  it('classifies open answers and reports their categories with the OES', () => {
    const data = file('open.csv', 'id,answer\nA,We loved the beach hotel and the food\nB,asdfghjk\nC,idk\nD,\n');
    const config = file(
      'open.json',
      JSON.stringify({
        id: 'id',
        open: [{ column: 'answer', question: 'What did you like about your last vacation?', languages: ['en'] }],
      }),
    );
    const r = run('score', '--input', data, '--config', config);
    expect(r.code).toBe(0);
    const [header, ...lines] = r.out.trim().split('\n');
    const cols = header!.split(',');
    const at = (line: string, name: string) => line.split(',')[cols.indexOf(name)];
    expect(lines.map((l) => at(l, 'open_1_category'))).toEqual(['1', '7', '5', '']);
    expect(lines.map((l) => at(l, 'oes'))).toEqual(['100', '10', '50', '']);
    expect(lines.map((l) => at(l, 'credits'))).toEqual(['4', '4', '4', '4']);
  });

  it('scores consistency by default when grids are configured, and leaves it out on request', () => {
    // 600 generated personality interviews: two batteries (q1..q10, p1..p15, codes 1-6), durations.
    const survey = generateBatterySurvey(600, 17, undefined);
    const names = [...survey.grids[0]!.map((_, j) => `q${j + 1}`), ...survey.grids[1]!.map((_, j) => `p${j + 1}`)];
    const columns = [...survey.grids[0]!, ...survey.grids[1]!];
    const lines = survey.kinds.map((k, i) =>
      [`${k}${i}`, survey.durations[0]![i], ...columns.map((c) => c[i])].join(','),
    );
    const data = file('battery.csv', [['id', 'total', ...names].join(','), ...lines].join('\n'));
    const grids = [
      { items: 'q1:q10', min: 1, max: 6 },
      { items: 'p1:p15', min: 1, max: 6 },
    ];
    const config = file('battery.json', JSON.stringify({ id: 'id', durations: { total: 'total' }, grids }));
    const r = run('score', '--input', data, '--config', config);
    expect(r.code).toBe(0);
    const [header, ...rows] = r.out.trim().split('\n');
    const cols = header!.split(',');
    expect(cols).toEqual(expect.arrayContaining(['consistency', 'consistency_data_points']));
    const at = (line: string, name: string) => line.split(',')[cols.indexOf(name)]!;
    const mean = (kind: string) => {
      const v = rows.filter((l) => l.startsWith(kind)).map((l) => Number(at(l, 'consistency')));
      return v.reduce((a, b) => a + b, 0) / v.length;
    };
    expect(mean('careful')).toBeGreaterThan(90);
    expect(mean('random')).toBeLessThan(60);
    expect(rows.some((l) => at(l, 'grid_2_label') === 'Inconsistent')).toBe(true);
    expect(rows.filter((l) => l.startsWith('random') && at(l, 'kept') === '0').length).toBeGreaterThan(5);
    expect(
      rows
        .filter((l) => l.startsWith('random'))
        .some((l) => at(l, 'reasons').includes('CON') || at(l, 'primary_reason') === 'combined'),
    ).toBe(true);
    const off = run(
      'score',
      '--input',
      data,
      '--config',
      file('battery-off.json', JSON.stringify({ id: 'id', durations: { total: 'total' }, grids, consistency: false })),
    );
    expect(off.code).toBe(0);
    const offHeader = off.out.split('\n')[0]!.split(',');
    expect(offHeader).not.toContain('consistency');
    expect(off.out).not.toContain('Inconsistent');
  });

  it.each([
    ['an unknown column', ['indices', '--input', csv, '--items', 'i1:nope'], /unknown column "nope"/],
    ['non-numeric items', ['indices', '--input', csv, '--items', 'i1:comment'], /"ok, fine" is not a number/],
    ['no rows', ['indices', '--input', file('empty.csv', 'id,i1\n'), '--items', 'i1:i1'], /no data rows/],
    ['a missing file', ['indices', '--input', join(dir, 'absent.csv'), '--items', 'a:b'], /cannot read/],
    ['an unknown command', ['frobnicate'], /unknown command/],
    ['a broken config', ['score', '--input', csv, '--config', file('bad.json', '{')], /not valid JSON/],
  ])('exits with code 2 and a clear message on %s', (_name, args, message) => {
    const r = run(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message as RegExp);
  });

  it('ends quietly with code 0 when the reader closes the pipe early (| head)', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `${i},${items.map((_, j) => ((i + j) % 5) + 1).join(',')}`);
    const many = file('many.csv', [`id,${items.join(',')}`, ...lines].join('\n'));
    // head exits after one line, so the command line's next write meets a closed pipe; with pipefail
    // the pipe's status is the command line's own.
    const bun = `${root}node_modules/.bin/bun`;
    const r = spawnSync(
      'bash',
      ['-c', `set -o pipefail; "${bun}" "${root}scoring/cli.ts" indices --input "${many}" --items i1:i10 | head -1`],
      { encoding: 'utf8' },
    );
    expect(r.stdout).toBe('id,longstring,avgstr,irv,mahad,ibs\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
