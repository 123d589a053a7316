// The certificate statement lists the saved cleaning rules in the reader's language, 'k of n failing
// checks' included, so a stranger verifying a certificate sees how interviews were removed.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../scoring/index.ts';
import { describeRules } from '../../../web/features/certificates/components/certificate-statement';
import { translate } from '../../../web/lib/i18n';

const lines = (locale: 'de' | 'en', minFailing?: number) =>
  describeRules(
    JSON.stringify({ rules: { ...DEFAULT_RULES, ...(minFailing ? { minFailing } : {}) } }),
    (key, params) => translate(locale, key, params),
    (v) => String(v),
  );

describe('certificate statement rules', () => {
  it('names k of n failing checks when more than one must fail, in German and English', () => {
    expect(lines('en', 2)).toContain('Removed only when at least 2 of these checks fail');
    expect(lines('de', 3)).toContain('Nur entfernt, wenn mindestens 3 dieser Prüfungen fehlschlagen');
    expect(lines('en').some((l) => l.includes('checks fail'))).toBe(false);
    expect(lines('en', 1)).toEqual(lines('en'));
  });

  it('names the behaviour rule (on by default, BAS < 20) in German and English', () => {
    expect(lines('en').find((l) => l.includes('BAS'))).toMatch(/Behaviour \(BAS\).*20/);
    expect(lines('de').find((l) => l.includes('BAS'))).toMatch(/Verhalten \(BAS\).*20/);
  });
});
