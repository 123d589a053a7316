import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import {
  loadPageBeforeAll,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';

// /datafile-result for a datafile without a published revision: the page says why there are no
// results, by status and import type, instead of "still processing" for a file that is READY or a
// live import that is waiting for its first respondent.

const ID = '00000000-0000-4000-8000-00000000ab01';

function fileWith(status: string, importType: 'MANUAL' | 'LIVE') {
  return {
    id: ID,
    title: 'Ohne Revision',
    status,
    importType,
    certificateLevel: null,
    cost: 0,
    numberOfRecords: 0,
    numberOfCleanedRecords: 0,
    isCleaned: false,
    meanCombinedScore: null,
    revision: 0,
    scoringVersion: null,
    qualityScores: [],
    scoreColumns: [],
    rawColumns: [],
    createdDate: '2026-11-01T10:00:00.000Z',
    owner: { id: 'u-1', name: 'Anna Admin' },
    uploadedBy: null,
    dataPoints: [],
  };
}

const summary = {
  totalNumberOfDataRecords: 0,
  numberOfDataRecordsWithValidScore: 0,
  numberOfDataRecordsWithInvalidScore: 0,
  numberOfExcludedDataRecords: 0,
  numberOfIncludedDataRecords: 0,
};

loadPageBeforeAll('datafileResult');
beforeEach(() => resetAppState());
afterEach(() => cleanup());

describe('/datafile-result without a published revision', () => {
  it.each([
    ['ERROR', 'MANUAL', de.results.noRevisionError],
    ['PROCESSING', 'MANUAL', de.results.noRevision],
    // The hint names the row menu's action by its label ("Neue Version hochladen"), not an action that does not exist.
    ['READY', 'MANUAL', de.results.noRevisionReady.replace('{{action}}', de.datafiles.actions.reupload)],
    ['READY', 'LIVE', de.results.noRevisionLive],
    ['STOPPED', 'LIVE', de.results.noRevisionLive],
  ] as const)('a %s %s datafile says why there are no results', async (status, importType, text) => {
    stubGraphQL(
      shellHandlers('ADMIN', {
        getDatafileResult: () => ({
          data: { getDatafile: fileWith(status, importType), getDataRecordSummaryForDatafile: summary },
        }),
      }),
    );
    startSession(8 * 3600, 'ADMIN');
    renderAppAt(`/datafile-result?datafileId=${ID}`);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText(de.results.noRevisionTitle)).toBeTruthy();
  });
});
