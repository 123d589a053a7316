import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFirstLoad } from '../../../web/app/boot';
import {
  operationsCalled,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

// Speed: a full load of /datafile-result sends the page's query at boot, beside `me` and
// the page's code, rather than after both (bench:results measured the chain at about half a second
// of the 1.5 s budget).

describe('first load of the result page', () => {
  beforeEach(() => resetAppState());

  it('sends getDatafileResult for the id in the address together with `me`, before anything renders', async () => {
    const fetchMock = stubGraphQL(
      shellHandlers('ADMIN', {
        getDatafileResult: () => ({
          data: null,
          errors: [{ message: 'x', extensions: { code: 'NO_DATAFILE_FOUND' } }],
        }),
      }),
    );
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-result?datafileId=df-1');
    startFirstLoad('/datafile-result');
    await waitFor(() => {
      const sent = operationsCalled(fetchMock);
      expect(sent.map((c) => c.operationName)).toEqual(expect.arrayContaining(['me', 'getDatafileResult']));
      expect(sent.find((c) => c.operationName === 'getDatafileResult')!.variables).toEqual({ datafileId: 'df-1' });
    });
  });

  it('sends nothing for the page without a session or without an id', async () => {
    const fetchMock = stubGraphQL(shellHandlers('ADMIN'));
    window.history.replaceState(null, '', '/datafile-result?datafileId=df-1');
    startFirstLoad('/datafile-result');
    startSession(8 * 3600, 'ADMIN');
    window.history.replaceState(null, '', '/datafile-result');
    startFirstLoad('/datafile-result');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(operationsCalled(fetchMock).map((c) => c.operationName)).not.toContain('getDatafileResult');
  });
});
