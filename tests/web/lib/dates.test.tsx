import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatIsoDate } from '../../../web/lib/format';

// One date form per locale on every screen: 19.08.2026 in German, 19 Aug 2026 in English, from
// web/lib/format.ts. The English admin and credit screens once showed 19.08.2026 from a hand-built
// DD.MM.YYYY while the rest said 27 Nov 2026.

const root = resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gql' ? [] : filesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates in the reader locale', () => {
  it('a calendar date and an instant take the same form per locale', () => {
    expect(formatIsoDate('2026-08-19', 'de')).toBe('19.08.2026');
    expect(formatIsoDate('2026-08-19', 'en')).toBe('19 Aug 2026');
    expect(formatIsoDate(null, 'en')).toBe('-');
    // An instant is the day it is in Vienna: 23:30 UTC on 18 August is already the 19th there.
    expect(formatDate('2026-08-18T23:30:00.000Z', 'de')).toBe('19.08.2026');
    expect(formatDate('2026-08-18T23:30:00.000Z', 'en')).toBe('19 Aug 2026');
  });

  it('no screen builds its own date form', () => {
    const own = filesUnder(join(root, 'web'))
      .filter((path) => !path.endsWith(join('lib', 'format.ts')))
      .filter((path) => {
        const text = readFileSync(path, 'utf8');
        return (
          /toLocaleDateString|toLocaleString\(/.test(text) ||
          /dateStyle: '(?:medium|short|long)'(?!,\s*timeStyle)/.test(text) ||
          /`\$\{d\}\.\$\{m\}\.\$\{y\}`/.test(text) ||
          /format\('DD\.MM\.YYYY'\)/.test(text)
        );
      })
      .map((path) => relative(root, path));
    expect(own).toEqual([]);
  });
});
