// Step 2 waits for the check on the tab's event stream. A read of the check that began before the
// save's answer (a job event's, a poll's) may answer after it: the page must still go to step 3 when
// the check's answer arrives, never stop waiting on that older read's state.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentUrl,
  type Handlers,
  loadPageBeforeAll,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
} from '../../support/web/render-app';

type GraphQLAnswer = Awaited<ReturnType<Handlers[string]>>;

const DATAFILE = 'df-check-wait';

const point = {
  dataPointIdentifier: 'id',
  dataPointType: 'RECORD_ID',
  isRowNumber: false,
  questionTitle: null,
  isEnableCopyPasteCheck: null,
  startingQuestion: null,
  algorithms: null,
  pageNumber: null,
  pageTitle: null,
  columns: ['id'],
  role: null,
  unit: null,
  dateOrder: null,
  scaleMin: null,
  scaleMax: null,
  isRandomised: null,
  keywords: null,
  languages: null,
  isEnableDuplicateCheck: null,
  isEnableWrongTopicCheck: null,
  numberOfOptions: null,
};

const drafted = {
  id: DATAFILE,
  name: 'Check wait',
  createdDate: '2026-11-27T09:00:00.000Z',
  status: 'DRAFT',
  revision: null,
  company: { id: 'c-1', name: 'Org' },
  owner: { id: 'u-1', name: 'Admin' },
  datapointsMetadata: [],
  upload: {
    uploadId: 'up-1',
    kind: 'UPLOAD',
    status: 'DRAFT',
    progress: 0,
    revision: null,
    datafileKey: 'uploads/c-1/u-1/x.csv',
    fileName: 'x.csv',
    fileSize: 20,
    format: 'csv',
    sheetName: null,
    headerRow: 1,
    dataRecordStartRow: 2,
    lastDataRow: null,
    missingValues: [],
    creditEstimate: null,
    error: null,
  },
};

const preview = {
  sampledRows: 1,
  source: {
    format: 'csv',
    sheetName: null,
    headerRow: 1,
    dataRecordStartRow: 2,
    lastDataRow: null,
    delimiter: ',',
    encoding: 'utf-8',
    isQualtrics: false,
  },
  columns: [
    {
      index: 0,
      name: 'id',
      label: null,
      suggestedType: 'RECORD_ID',
      basis: null,
      group: null,
      withdrawnBecause: null,
      valueLabels: [],
      stats: { filled: 1, missing: 0, numeric: 1, integers: 1, min: 1, max: 1, distinct: 1, meanTextLength: 1 },
    },
  ],
  rows: [{ number: 2, cells: ['1'], missing: [false] }],
  rawRows: [
    { number: 1, cells: ['id'] },
    { number: 2, cells: ['1'] },
  ],
  layout: {
    headerRow: 1,
    dataRecordStartRow: 2,
    lastDataRow: null,
    labelRow: null,
    kind: 'PLAIN',
    notSurveyData: false,
    notSurveyDataMessage: null,
  },
  readingIssues: [],
  suggestionIssues: [],
  gridCandidates: [],
  missingValueSuggestions: [],
  suggestedColumns: [point],
};

const check = (state: string, estimate = false) => ({
  state,
  progress: state === 'DONE' ? 100 : 0,
  issues: [],
  estimate: estimate
    ? {
        numberOfRecords: 1,
        newRecords: 1,
        creditAmount: 5,
        creditsAllRecords: 5,
        numberOfDatapoints: 1,
        availableCredits: 100,
        hasPayAsUsagePlan: false,
        isBalanceEnough: true,
      }
    : null,
});

/** GraphQL by operation name, and /api/events as a stream the test writes to. */
function stubServer(handlers: Handlers) {
  const encoder = new TextEncoder();
  let push: (text: string) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/events') {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      const { operationName, variables } = JSON.parse(String(init?.body ?? '{}'));
      const handler = handlers[operationName];
      const { status = 200, ...payload }: GraphQLAnswer = handler
        ? await handler(variables ?? {})
        : { errors: [{ message: `no fake for ${operationName}`, extensions: { code: 'GENERAL_ERROR' } }] };
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { push: (text: string) => act(() => push(text)) };
}

beforeEach(() => {
  resetAppState();
  startSession(8 * 3600, 'ADMIN');
});
afterEach(() => {
  cleanup();
  resetAppState();
  vi.unstubAllGlobals();
});

loadPageBeforeAll('uploads');

describe('step 2 waiting for the check', () => {
  it('goes to step 3 when a read begun before the answer ends after an older one', async () => {
    let saved = false;
    /** Reads of the check after the save, held until the test answers them. */
    const held: ((answer: GraphQLAnswer) => void)[] = [];
    const server = stubServer(
      shellHandlers('ADMIN', {
        getDraftedDatafile: () => ({ data: { getDraftedDatafile: drafted } }),
        getUploadPreview: () => ({ data: { getUploadPreview: preview } }),
        getUploadCheck: () =>
          saved
            ? new Promise<GraphQLAnswer>((resolve) => held.push(resolve))
            : { data: { getUploadCheck: check('NOT_STARTED') } },
        saveDraftDatafileColumns: () => {
          saved = true;
          return { data: { saveDraftDatafileColumns: check('PENDING') } };
        },
        getDatafileUploadingProgress: () => ({
          errors: [{ message: 'not needed', extensions: { code: 'GENERAL_ERROR' } }],
        }),
      }),
    );
    renderAppAt(`/upload-dataset/step2?datafileId=${DATAFILE}`);
    const next = await screen.findByTestId('upload-step2-next', {}, { timeout: 10_000 });
    await server.push('event: ready\ndata: {}\n\n');
    fireEvent.click(next);
    // The page's first read after the save is held; then the check's job moves, and the page reads again.
    await waitFor(() => expect(held.length).toBeGreaterThanOrEqual(1));
    await server.push(
      `event: job\ndata: ${JSON.stringify({ jobId: 'j-1', kind: 'upload.check', state: 'RUNNING', progress: 100, hasResult: true, datafileId: DATAFILE })}\n\n`,
    );
    await waitFor(() => expect(held.length).toBeGreaterThanOrEqual(2));
    // The older read answers first (its answer is dropped: a newer read is under way), then the newer one with the answer.
    await act(async () => held[0]!({ data: { getUploadCheck: check('RUNNING') } }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(currentUrl()).toContain('/upload-dataset/step2');
    for (const resolve of held.slice(1))
      await act(async () => resolve({ data: { getUploadCheck: check('DONE', true) } }));
    await waitFor(() => expect(currentUrl()).toBe(`/upload-dataset/step3?datafileId=${DATAFILE}`));
  });
});
