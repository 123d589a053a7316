import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstLoad } from '../../../web/app/boot';
import { prefetchWorksheetScores, worksheetColumns } from '../../../web/features/worksheet/api/fetch-worksheet-columns';
import { engineDataKey, type CleaningSettingsData } from '../../../web/features/worksheet/api/use-cleaning-settings';
import { useEngineInput } from '../../../web/features/worksheet/api/use-engine-input';
import { earlyEngine } from '../../../web/features/worksheet/engine';
import { clearSession } from '../../../web/lib/session';
import { resetAppState, shellHandlers, startSession, stubGraphQL } from '../../support/web/render-app';

// Speed: a full load of /datafile-work-sheet sends its settings query and asks for the score
// columns at boot, beside `me` and the page's code, and starts the cleaning worker (its script,
// decoder and scoring core load meanwhile): the data no longer waits for the page's first render.
// With the settings and the columns in, the engine starts on them before the page has rendered; the
// page takes it over only when its settings name the same data (a new revision loads anew).

class FakeWorker {
  static started = 0;
  static posted: { type: string; source?: { scores: ArrayBuffer; raw?: ArrayBuffer; groupingColumns?: string[] } }[] =
    [];
  constructor() {
    FakeWorker.started++;
  }
  addEventListener() {}
  removeEventListener() {}
  postMessage(message: (typeof FakeWorker.posted)[number]) {
    FakeWorker.posted.push(message);
  }
  terminate() {}
}

beforeEach(() => {
  resetAppState();
  FakeWorker.started = 0;
  FakeWorker.posted = [];
  vi.stubGlobal('Worker', FakeWorker);
});

/** The settings query from `handlers`, and the columns route answering `bytes` of `revision()`. */
function stubServer(handlers: Parameters<typeof shellHandlers>[1], revision: () => number, bytes = 3) {
  const graphql = stubGraphQL(shellHandlers('ADMIN', handlers));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/columns')
      ? new Response(new Uint8Array(bytes), { headers: { 'X-Datafile-Revision': String(revision()) } })
      : graphql(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const columnsCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/columns'));
afterEach(() => vi.unstubAllGlobals());

describe('first load of the worksheet', () => {
  it('sends the settings query, the score columns request and starts the worker before anything renders', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        getDatafileCleaningSettings: () => ({
          data: null,
          errors: [{ message: 'x', extensions: { code: 'NO_DATAFILE_FOUND' } }],
        }),
      }),
    );
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-work-sheet?datafileId=df-7');
    startFirstLoad('/datafile-work-sheet');
    expect(FakeWorker.started).toBe(1);
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(urls).toContain('/api/datafiles/df-7/columns?file=scores');
      const sent = fetchMock.mock.calls
        .filter(([input]) => String(input).endsWith('/graphql'))
        .map(([, init]) => (JSON.parse(String(init?.body)) as { operationName: string }).operationName);
      expect(sent).toEqual(expect.arrayContaining(['me', 'getDatafileCleaningSettings']));
    });
    const columns = fetchMock.mock.calls.find(([input]) => String(input).includes('/columns'))!;
    expect(new Headers(columns[1]?.headers).get('authorization')).toBe('Bearer test-token');
  });

  it('asks for the quota columns the moment the settings name them', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        getDatafileCleaningSettings: () => ({
          data: {
            getDatafileCleaningSettings: {
              datafileId: 'df-8',
              revision: 3,
              status: 'READY',
              numberOfRecords: 10,
              groupingColumns: ['gender', 'region'],
            },
          },
        }),
      }),
    );
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-work-sheet?datafileId=df-8');
    startFirstLoad('/datafile-work-sheet');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/datafiles/df-8/columns?file=raw&columns=gender%2Cregion',
      ),
    );
  });

  it('starts the cleaning engine on the columns it loaded, which the page takes over only for the same data', async () => {
    const settings = {
      datafileId: 'df-9',
      revision: 3,
      status: 'READY',
      numberOfRecords: 10,
      groupingColumns: ['gender'],
    };
    stubServer({ getDatafileCleaningSettings: () => ({ data: { getDatafileCleaningSettings: settings } }) }, () => 3);
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-work-sheet?datafileId=df-9');
    startFirstLoad('/datafile-work-sheet');
    await waitFor(() => expect(FakeWorker.posted.map((m) => m.type)).toContain('init'));
    const init = FakeWorker.posted.find((m) => m.type === 'init')!;
    expect(init.source!.scores.byteLength).toBe(3);
    expect(init.source!.groupingColumns).toEqual(['gender']);
    // The warmed worker is the one that got the data: no second worker.
    expect(FakeWorker.started).toBe(1);
    const started = await earlyEngine(engineDataKey(settings));
    expect(started).not.toBeNull();
    // A page whose settings name another revision, more interviews (a live import grew) or other quota
    // columns must not show this data.
    expect(earlyEngine(engineDataKey({ ...settings, revision: 4 }))).toBeNull();
    expect(earlyEngine(engineDataKey({ ...settings, numberOfRecords: 11 }))).toBeNull();
    expect(earlyEngine(engineDataKey({ ...settings, groupingColumns: ['region'] }))).toBeNull();
    // The session's end ends the waiting engine with the last user's data.
    clearSession();
    expect(earlyEngine(engineDataKey(settings))).toBeNull();
  });

  it('a page that renders while the quota columns still load waits for the early engine instead of loading a second', async () => {
    const settings = {
      datafileId: 'df-11',
      revision: 2,
      status: 'READY',
      numberOfRecords: 10,
      groupingColumns: ['gender'],
    };
    let release = () => {};
    const rawHeld = new Promise<void>((resolve) => (release = resolve));
    const graphql = stubGraphQL(
      shellHandlers('ADMIN', {
        getDatafileCleaningSettings: () => ({ data: { getDatafileCleaningSettings: settings } }),
      }),
    );
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/columns')) return graphql(input, init);
      if (String(input).includes('file=raw')) await rawHeld;
      return new Response(new Uint8Array(3), { headers: { 'X-Datafile-Revision': '2' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-work-sheet?datafileId=df-11');
    startFirstLoad('/datafile-work-sheet');
    await waitFor(() => expect(columnsCalls(fetchMock).some((url) => url.includes('file=raw'))).toBe(true));
    // The settings are in, the quota columns not yet: the page renders now.
    const { result } = renderHook(() => useEngineInput(settings as CleaningSettingsData));
    expect(result.current.options).toBeNull();
    release();
    await waitFor(() => expect(result.current.options).not.toBeNull());
    const early = await earlyEngine(engineDataKey(settings));
    expect(result.current.options).toEqual({ started: early });
    // One worker, one init, each column selection asked for once.
    expect(FakeWorker.started).toBe(1);
    expect(FakeWorker.posted.filter((m) => m.type === 'init')).toHaveLength(1);
    expect(columnsCalls(fetchMock)).toHaveLength(2);
  });

  it('asks at once for the quota columns the last load of this datafile used, before the settings answer', async () => {
    const settings = {
      datafileId: 'df-12',
      revision: 1,
      status: 'READY',
      numberOfRecords: 10,
      groupingColumns: ['gender', 'region'],
    };
    const fetchMock = stubServer(
      { getDatafileCleaningSettings: () => ({ data: { getDatafileCleaningSettings: settings } }) },
      () => 1,
    );
    const raw = '/api/datafiles/df-12/columns?file=raw&columns=gender%2Cregion';
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-work-sheet?datafileId=df-12');
    // The first load learns the quota columns from the settings only.
    startFirstLoad('/datafile-work-sheet');
    expect(columnsCalls(fetchMock)).not.toContain(raw);
    await waitFor(() => expect(columnsCalls(fetchMock)).toContain(raw));
    // The next full load (a new tab state: nothing held) sends it with the score columns.
    resetAppState();
    fetchMock.mockClear();
    startSession(8 * 3600, 'ADMIN');
    startFirstLoad('/datafile-work-sheet');
    expect(columnsCalls(fetchMock)).toEqual(['/api/datafiles/df-12/columns?file=scores', raw]);
    // The engine takes those bytes: no second request for them once the settings name the same columns.
    await waitFor(() => expect(FakeWorker.posted.filter((m) => m.type === 'init').length).toBeGreaterThan(0));
    expect(columnsCalls(fetchMock).filter((url) => url === raw)).toHaveLength(1);
  });

  it('loads the columns again for a new revision instead of handing out the bytes held of the old one', async () => {
    let revision = 1;
    const fetchMock = stubServer({}, () => revision);
    startSession(8 * 3600, 'ADMIN');
    prefetchWorksheetScores('df-10');
    await waitFor(() => expect(columnsCalls(fetchMock)).toHaveLength(1));
    expect((await worksheetColumns('df-10', 1, 'scores')).byteLength).toBe(3);
    expect(columnsCalls(fetchMock)).toHaveLength(1);
    // A re-upload published revision 2: the page asks for it, the held revision 1 is not it.
    revision = 2;
    await worksheetColumns('df-10', 2, 'scores');
    expect(columnsCalls(fetchMock)).toHaveLength(2);
    // Held now is revision 2: asked again, nothing is loaded.
    await worksheetColumns('df-10', 2, 'scores');
    expect(columnsCalls(fetchMock)).toHaveLength(2);
  });
});
