import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transactionDescription } from '../../../db/domain/transaction-description';
import { translate } from '../../../web/lib/i18n';

// Transaction descriptions are stored as fixed English templates and shown in the reader's language.
// The German credit screen once said 'Credits received: …'.

const root = resolve(import.meta.dirname, '../../..');
const de = (key: string, params?: Record<string, string | number>) => translate('de', key, params);
const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

/** Every description text the credits and upload services and the demo seed write, with its placeholders as 'X'. */
function storedTemplates(): string[] {
  const files = [
    ...readdirSync(join(root, 'api/modules/credits')).map((name) => join(root, 'api/modules/credits', name)),
    join(root, 'api/modules/uploads/upload-job.service.ts'),
    join(root, 'db/seed/datafiles.ts'),
    join(root, 'db/seed/ledger.ts'),
  ].filter((path) => path.endsWith('.ts'));
  return files.flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(/^\s*description: (?!translate|input\.|description)(.+),$/gm)].flatMap(
      (m) =>
        [...m[1]!.matchAll(/`([^`]*)`|'([^']*)'/g)]
          .map((q) => (q[1] ?? q[2]!).replace(/\$\{[^}]*\}/g, 'X'))
          // Enum values compared on the line (plan.kind === 'UPLOAD') are not texts.
          .filter((text) => !/^[A-Z_]+$/.test(text)),
    ),
  );
}

describe('transaction descriptions', () => {
  it('render each stored template in the reader language', () => {
    expect(transactionDescription('Credits received: Paket 2026', de)).toBe('Credits erhalten: Paket 2026');
    expect(transactionDescription('Credits received: Paket 2026', en)).toBe('Credits received: Paket 2026');
    expect(transactionDescription('Refund: Datafile upload', de)).toBe('Erstattung: Upload einer Datendatei');
    expect(transactionDescription('Credits expired: A: B', de)).toBe('Credits verfallen: A: B');
    // A live respondent's description is its survey and record id: no words to translate.
    expect(transactionDescription('Kundenumfrage: r-17', de)).toBe('Kundenumfrage: r-17');
  });

  it('knows every template the server writes', () => {
    const templates = storedTemplates();
    expect(templates).toEqual(expect.arrayContaining(['Credits received: X', 'Datafile upload', 'Refund: X']));
    const unknown = templates.filter((text) => !text.startsWith('Refund') && transactionDescription(text, de) === text);
    expect(unknown).toEqual([]);
  });
});
