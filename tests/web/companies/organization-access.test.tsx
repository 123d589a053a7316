import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFirstLoad } from '../../../web/app/boot';
import {
  currentUrl,
  type Handlers,
  loadPageBeforeAll,
  meFor,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

const NO_PERMISSION = 'Sie haben keine Berechtigung, diese Seite anzuzeigen.';
const LOAD_ERROR = 'Fehler! Die Daten konnten nicht geladen werden.';

const company = (id: string) => ({
  id,
  name: `Org ${id}`,
  legalName: null,
  VATNumber: null,
  image: null,
  accountManager: null,
  supportLevel: 'A',
  comment: null,
  isActivated: 'ACTIVATED',
  address: { street: null, city: null, postalCode: null, country: null },
  companyOwner: null,
  contract: null,
});

/** What the organisation view asks for; the credit tab's queries too, so nothing on the page fails. */
const organizationHandlers: Handlers = {
  getCompany: ({ companyId }) => ({ data: { getCompany: company(String(companyId)) } }),
  getCompanyStats: () => ({
    data: { getCompanyStats: { numberOfDataImports: 2, numberOfDataRecords: 300, numberOfUsers: 4 } },
  }),
  getActiveCompanyAdminUsers: () => ({ data: { getActiveCompanyAdminUsers: [] } }),
  getCompanyCreditSummary: () => ({
    data: {
      getCompanyCreditSummary: {
        activeCreditPlanBalance: 0,
        activeCreditPlanReceived: 0,
        activePayAsUsageCreditPlanReceived: 0,
        pricePerCreditForPayAsUsage: 0,
        totalReceived: 0,
        totalBalance: 0,
      },
    },
  }),
  getCompanyTransactionsGroupedByDatafile: () => ({
    data: {
      getCompanyTransactionsGroupedByDatafile: {
        transactions: [],
        pageInfo: { page: 1, limit: 8, total: 0, previousPage: null, nextPage: null },
      },
    },
  }),
};

const OPERATOR_ONLY = ['getAllActiveCompanies', 'getCompaniesSummary'];

loadPageBeforeAll('organization');

describe('Administration for an operator', () => {
  beforeEach(() => resetAppState());

  it('explains that administration belongs to an organisation and leads to the Admin Panel, instead of a load error', async () => {
    const fetchMock = stubGraphQL(shellHandlers('SUPER_ADMIN', organizationHandlers));
    startSession();
    renderAppAt('/administration');
    await screen.findByText('Die Verwaltung gehört zu einer Organisation');
    expect(screen.getByTestId('to-admin-panel').getAttribute('href')).toBe('/admin-panel');
    expect(screen.queryByText(LOAD_ERROR)).toBeNull();
    expect(operationsCalled(fetchMock).map((c) => c.operationName)).not.toContain('getCompanyStats');
  });

  it("shows the administration of the organisation an operator's session is scoped to", async () => {
    const me = meFor('SUPER_ADMIN');
    const fetchMock = stubGraphQL(
      shellHandlers('SUPER_ADMIN', {
        ...organizationHandlers,
        me: () => ({ data: { me: { ...me.me, companyId: 'c7' } } }),
      }),
    );
    startSession();
    renderAppAt('/administration');
    await screen.findByText('Org c7');
    expect(operationsCalled(fetchMock).find((c) => c.operationName === 'getCompany')?.variables).toEqual({
      companyId: 'c7',
    });
  });
});

describe('Organisation details for those who may not see them', () => {
  beforeEach(() => resetAppState());

  it.each([
    ['ADMIN', 'c2'],
    ['EMPLOYEE', 'c1'],
    ['EMPLOYEE', 'c2'],
  ] as const)(
    'shows %s the no-permission message for organisation %s, without asking for it and without an Admin Panel link',
    async (role, companyId) => {
      const fetchMock = stubGraphQL(shellHandlers(role, organizationHandlers));
      startSession();
      renderAppAt(`/organization-details?organization=${companyId}`);
      await screen.findByText(NO_PERMISSION);
      expect(screen.queryByText(LOAD_ERROR)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Admin-Panel' })).toBeNull();
      const sent = operationsCalled(fetchMock);
      // The shell asks for the user's own company (contract expiry); the page asks for nothing.
      expect(sent.filter((c) => c.operationName === 'getCompany' && c.variables.companyId !== 'c1')).toEqual([]);
      for (const name of ['getCompanyStats', 'getActiveCompanyAdminUsers'])
        expect(sent.map((c) => c.operationName)).not.toContain(name);
    },
  );

  it("sends an ADMIN who opens their own organisation's details to Administration", async () => {
    stubGraphQL(shellHandlers('ADMIN', organizationHandlers));
    startSession();
    renderAppAt('/organization-details?organization=c1');
    await screen.findByTestId('administration-page');
    expect(currentUrl()).toBe('/administration');
  });

  it('shows an operator the details with the Admin Panel in the breadcrumb', async () => {
    stubGraphQL(shellHandlers('SUPER_ADMIN', organizationHandlers));
    startSession();
    renderAppAt('/organization-details?organization=c2');
    await screen.findByText('Org c2');
    expect(document.querySelector('[data-testid="organization-details-page"] a[href="/admin-panel"]')).not.toBeNull();
    // Separators sit beside the crumbs: a list item inside a list item is invalid HTML.
    expect(document.querySelector('[data-testid="organization-details-page"] nav li li')).toBeNull();
  });

  it('shows the no-permission message when the server refuses the organisation', async () => {
    stubGraphQL(
      shellHandlers('SUPER_ADMIN', {
        ...organizationHandlers,
        getCompany: () => ({ errors: [{ message: 'no', extensions: { code: 'UNAUTHORIZED' } }] }),
      }),
    );
    startSession();
    renderAppAt('/organization-details?organization=c2');
    await screen.findByText(NO_PERMISSION);
    expect(screen.queryByText(LOAD_ERROR)).toBeNull();
  });
});

describe('Admin Panel first load', () => {
  beforeEach(() => resetAppState());

  it.each(['ADMIN', 'EMPLOYEE'] as const)('%s on /admin-panel sends no operator-only query', async (role) => {
    const fetchMock = stubGraphQL(shellHandlers(role));
    startSession(8 * 3600, role);
    window.history.replaceState(null, '', '/admin-panel');
    startFirstLoad('/admin-panel');
    renderAppAt('/admin-panel');
    await screen.findByText(NO_PERMISSION);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = operationsCalled(fetchMock).map((c) => c.operationName);
    expect(sent).toContain('me');
    for (const name of OPERATOR_ONLY) expect(sent).not.toContain(name);
  });

  it("an operator's first load still starts the first Organizations page and the counts with `me`", async () => {
    const fetchMock = stubGraphQL(shellHandlers('SUPER_ADMIN'));
    startSession(8 * 3600, 'SUPER_ADMIN');
    startFirstLoad('/admin-panel');
    await waitFor(() => {
      const sent = operationsCalled(fetchMock).map((c) => c.operationName);
      for (const name of ['me', ...OPERATOR_ONLY]) expect(sent).toContain(name);
    });
  });
});
