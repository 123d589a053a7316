import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFirstLoad } from '../../../web/app/boot';
import { resetAppState, shellHandlers, startSession, stubGraphQL } from '../../support/web/render-app';

// Speed: a full load of /datafile-work-sheet sends its settings query and asks for the score
// columns at boot, beside `me` and the page's code, and starts the cleaning worker (its script,
// decoder and scoring core load meanwhile): the data no longer waits for the page's first render.

class FakeWorker {
  static started = 0;
  constructor() {
    FakeWorker.started++;
  }
  addEventListener() {}
  postMessage() {}
  terminate() {}
}

beforeEach(() => {
  resetAppState();
  FakeWorker.started = 0;
  vi.stubGlobal('Worker', FakeWorker);
});
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
            getDatafileCleaningSettings: { datafileId: 'df-8', revision: 3, groupingColumns: ['gender', 'region'] },
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
});
