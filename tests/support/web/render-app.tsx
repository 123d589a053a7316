import { render, type RenderResult } from '@testing-library/react';
import { beforeAll, type Mock, vi } from 'vitest';
import { App } from '../../../web/app/app';
import { AppProviders } from '../../../web/app/providers';
import { pageChunks } from '../../../web/app/route-chunks';
import { DEFAULT_LOCALE, localeAtom } from '../../../web/lib/i18n';
import { appStore, clearSession, saveSession } from '../../../web/lib/session';

export type AccessLevel = 'SUPER_ADMIN' | 'ADMIN' | 'EMPLOYEE';

type GraphQLAnswer = { data?: unknown; errors?: { message: string; extensions: { code: string } }[]; status?: number };
export type Handlers = Record<string, (variables: Record<string, unknown>) => GraphQLAnswer | Promise<GraphQLAnswer>>;

export function meFor(accessLevel: AccessLevel, overrides: Record<string, unknown> = {}) {
  return {
    me: {
      sessionExpiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
      companyId: accessLevel === 'SUPER_ADMIN' ? null : 'c1',
      user: {
        id: `u-${accessLevel}`,
        name: { first: 'Test', last: accessLevel },
        email: `${accessLevel.toLowerCase()}@example.com`,
        image: null,
        accessLevel,
        status: 'ACTIVATED',
        apiKey: { hint: 'k123', createdAt: '2026-11-02T10:00:00.000Z' },
        isOwner: accessLevel === 'ADMIN',
        locale: 'de',
        watchGetStarted: true,
        watchNPS: false,
        company:
          accessLevel === 'SUPER_ADMIN'
            ? null
            : { id: 'c1', name: 'Demo Research GmbH', image: null, isActivated: 'ACTIVATED' },
        ...overrides,
      },
    },
  };
}

/** The dashboard summary of a user without datafiles (every field the page asks for). */
export function emptyDashboard() {
  return {
    numberOfDatafiles: 0,
    numberOfQualityScores: 0,
    numberOfDataRecords: 0,
    combinedScore: {
      numberOfScoredRecords: 0,
      average: null,
      trafficLight: 'GREY',
      bands: [
        [0, 39],
        [40, 59],
        [60, 79],
        [80, 100],
      ].map(([from, to]) => ({ from, to, count: 0 })),
    },
    scoreKinds: [],
    latestDatafiles: [],
  };
}

/** Answers every call the shell makes; tests override single operations. */
export function shellHandlers(accessLevel: AccessLevel, overrides: Handlers = {}): Handlers {
  return {
    me: () => ({ data: meFor(accessLevel) }),
    getNotificationsForLoggedinUser: () => ({ data: { getNotificationsForLoggedinUser: [] } }),
    getClearLocalStorage: () => ({ data: { getClearLocalStorage: { value: false, updatedAt: null } } }),
    getMyDatafilesSummaryForDashboard: () => ({ data: { getMyDatafilesSummaryForDashboard: emptyDashboard() } }),
    updateMyLocale: () => ({ data: { updateMyLocale: { status: 'SUCCESS', message: null } } }),
    ...overrides,
  };
}

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/** Replaces fetch with a GraphQL fake that dispatches on operationName. */
export function stubGraphQL(handlers: Handlers): FetchMock {
  const fetchMock: FetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as {
      operationName: string;
      variables: Record<string, unknown>;
    };
    const handler = handlers[body.operationName];
    const answer: GraphQLAnswer = handler
      ? await handler(body.variables ?? {})
      : {
          errors: [{ message: `no fake for ${body.operationName}`, extensions: { code: 'GENERAL_ERROR' } }],
          status: 200,
        };
    const { status = 200, ...payload } = answer;
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function operationsCalled(
  fetchMock: FetchMock,
): { operationName: string; variables: Record<string, unknown> }[] {
  return fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> },
  );
}

/** Starts a session as the API would after login (with the access level login answered, when given). */
export function startSession(expiresInSeconds = 8 * 3600, accessLevel: AccessLevel | null = null): void {
  saveSession('test-token', expiresInSeconds, accessLevel);
}

export function resetAppState(): void {
  clearSession();
  appStore.set(localeAtom, DEFAULT_LOCALE);
  document.documentElement.lang = DEFAULT_LOCALE;
}

/**
 * Loads a lazily loaded page's chunk before the file's tests. The first import of a page transforms
 * and evaluates its whole module tree, which on a loaded machine took longer than a findBy* waits
 * (one file saw four tests in a row give up at 5 s); once loaded, a render waits on the page only.
 */
export function loadPageBeforeAll(page: keyof typeof pageChunks): void {
  beforeAll(() => pageChunks[page](), 120_000);
}

export function renderAppAt(path: string): RenderResult {
  window.history.replaceState(null, '', path);
  return render(
    <AppProviders>
      <App />
    </AppProviders>,
  );
}

export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
