import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobKindName } from '../../../web/features/monitoring/components/units';
import { translate } from '../../../web/lib/i18n';

// Every job kind the server registers has a name in both languages on the monitoring page; a kind
// the web does not know shows as the server names it.

const root = resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const serverKinds = filesUnder(join(root, 'api')).flatMap((path) =>
  [...readFileSync(path, 'utf8').matchAll(/jobKind<[\s\S]*?>\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!),
);

describe('job kind names', () => {
  it('names every kind the server registers, in German and English', () => {
    expect(serverKinds).toEqual(expect.arrayContaining(['upload', 'upload.check', 'mail.outbox', 'live.respondent']));
    for (const locale of ['de', 'en'] as const) {
      const t = (key: string) => translate(locale, key);
      const unnamed = serverKinds.filter((kind) => jobKindName(kind, t) === kind);
      expect(unnamed, locale).toEqual([]);
    }
    expect(jobKindName('auth.password-reset', (key) => translate('en', key))).toBe('Password reset');
    expect(jobKindName('auth.password-reset', (key) => translate('de', key))).toBe('Passwort zurücksetzen');
  });

  it('shows an unknown kind as the server names it', () => {
    expect(jobKindName('future.kind', (key) => translate('de', key))).toBe('future.kind');
  });
});
