import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Handlers,
  loadPageBeforeAll,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';
import { stubCanvas } from '../../support/web/canvas';

// /monitoring in happy-dom against a faked API: every panel's states, the confirmations before
// retry, cancel and resend (the server's rules are tested in tests/api/monitoring/monitoring-page.test.ts), and the
// refresh that runs only while the tab is visible.

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const job = (id: string, state: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'mail.outbox',
  state,
  attempts: 3,
  maxAttempts: 3,
  progress: 0,
  errorCode: null,
  errorDetail: null,
  payload: '{}',
  createdAt: at(30),
  startedAt: at(29),
  finishedAt: at(20),
  runAfter: at(30),
  cancelRequestedAt: null,
  isStalled: false,
  ...extra,
});
const JOBS: Record<string, unknown[]> = {
  FAILED: [
    job('00000000-aaaa-4000-8000-000000000001', 'FAILED', {
      errorCode: 'EMAIL_SENDING_FAILED',
      errorDetail: '{"message":"connect ECONNREFUSED"}',
    }),
  ],
  QUEUED: [
    job('00000000-aaaa-4000-8000-000000000002', 'QUEUED', {
      kind: 'upload',
      attempts: 0,
      startedAt: null,
      finishedAt: null,
    }),
  ],
  RUNNING: [
    job('00000000-aaaa-4000-8000-000000000003', 'RUNNING', {
      kind: 'upload',
      attempts: 1,
      progress: 42,
      finishedAt: null,
      isStalled: true,
    }),
  ],
};

function handlers(overrides: Handlers = {}): Handlers {
  return shellHandlers('SUPER_ADMIN', {
    getJobQueueSummary: () => ({
      data: {
        getJobQueueSummary: {
          measuredAt: at(0),
          kinds: [
            {
              kind: 'calendar',
              waiting: 0,
              running: 0,
              failed: 0,
              succeededLastDay: 24,
              failedLastDay: 0,
              cancelledLastDay: 0,
              processingP50Ms: 1520,
              processingP95Ms: 2810,
              waitingP50Ms: 572,
              waitingP95Ms: 1003,
            },
            {
              kind: 'mail.outbox',
              waiting: 0,
              running: 0,
              failed: 1,
              succeededLastDay: 24,
              failedLastDay: 1,
              cancelledLastDay: 0,
              processingP50Ms: 381,
              processingP95Ms: 748,
              waitingP50Ms: null,
              waitingP95Ms: null,
            },
            {
              kind: 'upload',
              waiting: 1,
              running: 1,
              failed: 0,
              succeededLastDay: 0,
              failedLastDay: 0,
              cancelledLastDay: 0,
              processingP50Ms: null,
              processingP95Ms: null,
              waitingP50Ms: null,
              waitingP95Ms: null,
            },
          ],
        },
      },
    }),
    getJobs: ({ filters }) => {
      const state = (filters as { states: string[] }).states[0]!;
      return {
        data: {
          getJobs: { jobs: JOBS[state] ?? [], pageInfo: { page: 1, limit: 10, total: (JOBS[state] ?? []).length } },
        },
      };
    },
    getOutboxSummary: () => ({
      data: {
        getOutboxSummary: { pending: 2, failed: 1, sentLastDay: 17, oldestPendingAt: at(3), smtpConfigured: true },
      },
    }),
    getOutboxMails: () => ({
      data: {
        getOutboxMails: {
          mails: [
            {
              id: 'm1',
              to: 'lena@example.com',
              subject: 'Passwort zurücksetzen',
              template: 'passwordReset',
              locale: 'de',
              status: 'FAILED',
              attempts: 5,
              lastError: '421 try again later',
              createdAt: at(60),
              sentAt: null,
            },
          ],
          pageInfo: { page: 1, limit: 10, total: 1 },
        },
      },
    }),
    getLiveEndpointTraffic: () => ({
      data: {
        getLiveEndpointTraffic: {
          from: at(60),
          to: at(0),
          minutes: [{ minute: at(1), requests: 0, refusals: 0 }],
          endpoints: [],
          refusalReasons: [],
          recentRefusals: [],
        },
      },
    }),
    getSystemSize: () => ({
      data: {
        getSystemSize: {
          database: { kind: 'file', pageCount: 104, pageSize: 4096, bytes: 425_984, freeBytes: 0, walBytes: 1_540_000 },
          storage: {
            kind: 'local',
            bytes: 2_300_000_000,
            objects: 1234,
            folders: [
              { prefix: 'datafiles', bytes: 2_000_000_000, objects: 1000 },
              { prefix: 'uploads', bytes: 300_000_000, objects: 234 },
            ],
            measuredAt: at(2),
          },
        },
      },
    }),
    retryJob: () => ({ data: { retryJob: { status: 'SUCCESS', message: 'Job queued again' } } }),
    cancelJob: () => ({ data: { cancelJob: { status: 'SUCCESS', message: 'Job cancelled' } } }),
    resendOutboxMail: () => ({ data: { resendOutboxMail: { status: 'SUCCESS', message: 'Mail queued again' } } }),
    ...overrides,
  });
}

const calls = (fetchMock: ReturnType<typeof stubGraphQL>, name: string) =>
  operationsCalled(fetchMock).filter((c) => c.operationName === name);

async function openPage(overrides: Handlers = {}) {
  const fetchMock = stubGraphQL(handlers(overrides));
  startSession();
  renderAppAt('/monitoring');
  await screen.findByTestId('monitoring-page');
  return fetchMock;
}

loadPageBeforeAll('monitoring');

describe('/monitoring', () => {
  beforeEach(() => {
    resetAppState();
    stubCanvas();
  });
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('shows the queue by kind with its times, the failed jobs with code and message, the outbox, live traffic and sizes, in German', async () => {
    await openPage();
    const kinds = await screen.findAllByTestId('job-kind-row');
    expect(kinds.map((r) => r.getAttribute('data-kind'))).toEqual(['calendar', 'mail.outbox', 'upload']);
    // Kinds by their name in the page's language, not the server's identifier.
    expect(kinds.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Vertragskalender',
      'E-Mails senden',
      'Upload verarbeiten',
    ]);
    expect(within(kinds[0]!).getByTestId('job-kind-p50').textContent).toBe('1,5 s');
    expect(within(kinds[1]!).getByTestId('job-kind-p50').textContent).toBe('381 ms');
    expect(within(kinds[2]!).getByTestId('job-kind-p50').textContent).toBe('–');
    const failed = await screen.findByTestId('job-row');
    expect(within(failed).getByTestId('job-error-code').textContent).toBe('EMAIL_SENDING_FAILED');
    expect(failed.textContent).toContain('3 von 3');
    fireEvent.click(within(failed).getByTestId('job-error-toggle'));
    expect(screen.getByTestId('job-error-detail').textContent).toBe('{"message":"connect ECONNREFUSED"}');
    expect((await screen.findByTestId('outbox-sent')).textContent).toContain('17');
    expect(screen.getByTestId('outbox-error').textContent).toBe('421 try again later');
    expect(screen.queryByTestId('outbox-no-smtp')).toBeNull();
    expect((await screen.findByTestId('live-empty')).textContent).toBe(
      'Keine Aufrufe der Live-Schnittstellen in der letzten Stunde.',
    );
    expect((await screen.findByTestId('refused-empty')).textContent).toBe(
      'Keine abgelehnten Live-Aufrufe in der letzten Stunde.',
    );
    // Intl puts a no-break space between number and unit.
    const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ');
    expect(text(await screen.findByTestId('size-database-bytes'))).toBe('426 kB');
    expect(text(screen.getByTestId('size-storage-bytes'))).toBe('2,3 GB');
    expect(screen.getAllByTestId('size-folder').map(text)).toEqual([
      'datafiles/2,0 GB · 1.000',
      'uploads/300 MB · 234',
    ]);
  });

  it('lists waiting and running jobs on their tabs; a stalled one says so', async () => {
    const fetchMock = await openPage();
    await screen.findByTestId('job-row');
    fireEvent.click(screen.getByTestId('jobs-tab-RUNNING'));
    await screen.findByTestId('job-stalled');
    expect(screen.getByTestId('jobs-table-RUNNING').textContent).toContain('42 %');
    fireEvent.click(screen.getByTestId('jobs-tab-QUEUED'));
    await waitFor(() =>
      expect(screen.getByTestId('jobs-table-QUEUED').querySelectorAll('[data-testid="job-row"]')).toHaveLength(1),
    );
    expect(calls(fetchMock, 'getJobs').map((c) => (c.variables.filters as { states: string[] }).states)).toEqual([
      ['FAILED'],
      ['RUNNING'],
      ['QUEUED'],
    ]);
  });

  it('retries a failed job only after confirming, then refreshes the lists', async () => {
    const fetchMock = await openPage();
    fireEvent.click(await screen.findByTestId('job-retry'));
    const dialog = await screen.findByTestId('job-action-dialog');
    expect(dialog.textContent).toContain('„E-Mails senden“ wird wieder eingereiht');
    expect(calls(fetchMock, 'retryJob')).toEqual([]);
    const before = calls(fetchMock, 'getJobs').length;
    fireEvent.click(screen.getByTestId('job-action-dialog-confirm'));
    await screen.findByText('Der Job wurde wieder eingereiht.');
    expect(calls(fetchMock, 'retryJob').map((c) => c.variables)).toEqual([
      { jobId: JOBS.FAILED![0] && (JOBS.FAILED![0] as { id: string }).id },
    ]);
    await waitFor(() => expect(calls(fetchMock, 'getJobs').length).toBeGreaterThan(before));
  });

  it('cancels a running job after a question that says it stops at its next progress point', async () => {
    const fetchMock = await openPage();
    await screen.findByTestId('job-row');
    fireEvent.click(screen.getByTestId('jobs-tab-RUNNING'));
    await screen.findByTestId('job-stalled');
    fireEvent.click(screen.getByTestId('job-cancel'));
    expect((await screen.findByTestId('job-action-dialog')).textContent).toContain('nächsten Fortschrittspunkt');
    fireEvent.click(screen.getByTestId('job-action-dialog-confirm'));
    await screen.findByText('Der Abbruch wurde angefordert.');
    expect(calls(fetchMock, 'cancelJob').map((c) => c.variables)).toEqual([
      { jobId: '00000000-aaaa-4000-8000-000000000003' },
    ]);
  });

  it("shows the server's refusal in the dialog, and resends a failed mail after confirming", async () => {
    const fetchMock = await openPage({
      retryJob: () => ({
        errors: [
          {
            message: 'x',
            extensions: { code: 'INVALID_PARAMETERS', reason: 'JOB_NOT_FAILED', state: 'SUCCEEDED' } as never,
          },
        ],
      }),
    });
    fireEvent.click(await screen.findByTestId('job-retry'));
    fireEvent.click(await screen.findByTestId('job-action-dialog-confirm'));
    expect((await screen.findByTestId('error-alert')).textContent).toContain(
      'Nur ein fehlgeschlagener Job kann erneut gestartet werden; dieser ist „SUCCEEDED“.',
    );
    fireEvent.click(screen.getByText('Abbrechen'));
    fireEvent.click(await screen.findByTestId('outbox-resend'));
    expect((await screen.findByTestId('resend-dialog')).textContent).toContain('lena@example.com');
    fireEvent.click(screen.getByTestId('resend-dialog-confirm'));
    await screen.findByText('Die E-Mail wurde wieder eingereiht.');
    expect(calls(fetchMock, 'resendOutboxMail').map((c) => c.variables)).toEqual([{ mailId: 'm1' }]);
  });

  it('a panel whose query fails shows the load error with a retry while the others show their data', async () => {
    await openPage({ getSystemSize: () => ({ errors: [{ message: 'x', extensions: { code: 'GENERAL_ERROR' } }] }) });
    const sizePanel = await screen.findByTestId('size-panel');
    await waitFor(() => expect(within(sizePanel).getByTestId('page-error')).toBeTruthy());
    expect(await screen.findByTestId('job-row')).toBeTruthy();
  });

  it('refreshes every 10 seconds while the tab is visible, and asks nothing while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = await openPage();
    await screen.findByTestId('job-row');
    const count = () => calls(fetchMock, 'getJobQueueSummary').length;
    const first = count();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_500);
    });
    await waitFor(() => expect(count()).toBe(first + 1));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const hidden = count();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(35_000);
    });
    expect(count()).toBe(hidden);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_500);
    });
    await waitFor(() => expect(count()).toBeGreaterThan(hidden));
  });

  it('is refused to an organisation admin without asking anything', async () => {
    const fetchMock = stubGraphQL({ ...handlers(), me: shellHandlers('ADMIN').me! });
    startSession();
    renderAppAt('/monitoring');
    await screen.findByText('Sie haben keine Berechtigung, diese Seite anzuzeigen.');
    for (const name of ['getJobQueueSummary', 'getJobs', 'getOutboxSummary', 'getSystemSize'])
      expect(calls(fetchMock, name)).toEqual([]);
  });
});
