import { describe, expect, it } from 'vitest';
import type { ActiveCompanyRow } from '../../../web/features/companies/api/company-row';
import {
  balancePercentOf,
  latestImportText,
  percentPalette,
} from '../../../web/features/companies/components/organizations-tab';
import {
  editOrganizationSchema,
  toUpdateCompanyInput,
} from '../../../web/features/companies/components/edit-organization-modal';
import { translate } from '../../../web/lib/i18n';

const t = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
const values = {
  name: ' Demo ',
  legalName: '',
  VATNumber: 'ATU1',
  street: 'Ring 1',
  postalCode: '1010',
  city: 'Wien',
  country: 'AT – Austria',
  companyOwner: 'u1',
  accountManager: 'Anna Berger',
  supportLevel: 'A',
  comment: 'vip',
};

describe('edit organization', () => {
  it('an ADMIN never sends owner, account manager, support level or comment', () => {
    const input = toUpdateCompanyInput('c1', values, null, false);
    expect(input).not.toHaveProperty('companyOwner');
    expect(input).not.toHaveProperty('accountManager');
    expect(input).not.toHaveProperty('supportLevel');
    expect(input).not.toHaveProperty('comment');
    expect(input).toMatchObject({ name: 'Demo', legalName: null, address: { country: 'AT', postalCode: '1010' } });
  });

  it('a super admin sends them and must fill them in', async () => {
    expect(toUpdateCompanyInput('c1', values, '/files/avatars/x.png', true)).toMatchObject({
      companyOwner: 'u1',
      accountManager: 'Anna Berger',
      supportLevel: 'A',
      comment: 'vip',
      image: '/files/avatars/x.png',
    });
    const errors = await editOrganizationSchema(t, true)
      .validate({ ...values, companyOwner: '', accountManager: '', supportLevel: '' }, { abortEarly: false })
      .catch((e: { errors: string[] }) => e.errors);
    expect(errors).toEqual(
      expect.arrayContaining([
        'Please choose the owner.',
        'Please choose an account manager.',
        'Please choose a support level.',
      ]),
    );
    expect(await editOrganizationSchema(t, false).isValid({ ...values, companyOwner: '' })).toBe(true);
    expect(await editOrganizationSchema(t, false).isValid({ ...values, postalCode: '10a' })).toBe(false);
  });
});

const row = (over: Partial<ActiveCompanyRow['activeCreditOverview']>, daysAgo: number | null): ActiveCompanyRow => ({
  id: 'c',
  name: 'n',
  image: null,
  isActivated: 'ACTIVATED',
  createdDate: '2026-01-01',
  supportLevel: 'A',
  contract: null,
  activeCreditOverview: { totalActiveBalance: 0, totalActiveReceived: 0, totalReceivedFromPayAsUsage: 0, ...over },
  latestDataImport: daysAgo === null ? null : { daysAgo },
});

describe('organisations table cells', () => {
  it('rounds the balance percentage and colours it up to 10 % / up to 50 % / above', () => {
    expect(balancePercentOf(row({ totalActiveBalance: 1049, totalActiveReceived: 10_000 }, null))).toBe(10);
    expect(balancePercentOf(row({}, null))).toBeNull();
    expect([percentPalette(10), percentPalette(11), percentPalette(50), percentPalette(51)]).toEqual([
      'red',
      'orange',
      'orange',
      'green',
    ]);
  });

  it("shows the latest import as 'Today', 'N days ago' or '-'", () => {
    expect(latestImportText(row({}, 0), t)).toBe('Today');
    expect(latestImportText(row({}, 3), t)).toBe('3 days ago');
    expect(latestImportText(row({}, null), t)).toBe('-');
  });
});
