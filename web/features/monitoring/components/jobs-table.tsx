import { Badge, Box, Button, Center, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Bar } from './bar';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { Pager } from '../../../components/table/pager';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import type { JobState } from '../../../lib/gql/graphql';
import type { JobRow } from '../api/use-get-jobs';
import { useCancelJob } from '../api/use-cancel-job';
import { useRetryJob } from '../api/use-retry-job';
import { formatInstant, jobKindName } from './units';

/** The tabs of the job list; cancel applies to the first two, retry to the last. */
export type JobListState = Extract<JobState, 'QUEUED' | 'RUNNING' | 'FAILED'>;

const REVALIDATES = ['getJobs', 'getJobQueueSummary'] as const;

/** A failure's code with its catalogue message, and the detail (JSON or text) on demand. */
function JobError({ job }: { job: JobRow }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const [open, setOpen] = useState(false);
  if (!job.errorCode) return <Text color="fg.subtle">–</Text>;
  return (
    <Stack gap="1" maxW="md">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="red" variant="subtle" fontFamily="mono" data-testid="job-error-code">
          {job.errorCode}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          {translateRefusal({ code: job.errorCode, reason: null, params: {} })}
        </Text>
      </HStack>
      {job.errorDetail && (
        <Box>
          <Button
            size="2xs"
            variant="plain"
            px="0"
            color="brand.fg"
            onClick={() => setOpen(!open)}
            data-testid="job-error-toggle"
          >
            {t(open ? 'monitoring.jobs.hideDetail' : 'monitoring.jobs.showDetail')}
          </Button>
          {open && (
            <Code
              display="block"
              whiteSpace="pre-wrap"
              wordBreak="break-all"
              fontSize="xs"
              p="2"
              mt="1"
              maxH="40"
              overflowY="auto"
              data-testid="job-error-detail"
            >
              {job.errorDetail}
            </Code>
          )}
        </Box>
      )}
    </Stack>
  );
}

/**
 * Jobs of one state. Waiting and running ones can be cancelled (a running one stops at its next
 * progress point), failed ones retried; both ask first and go through the job system on the server.
 */
export function JobsTable({
  state,
  jobs,
  page,
  pageSize,
  total,
  onPageChange,
}: {
  state: JobListState;
  jobs: readonly JobRow[];
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const [confirm, setConfirm] = useState<{ job: JobRow; action: 'retry' | 'cancel' } | null>(null);
  const headers =
    state === 'FAILED'
      ? ['kind', 'failedAt', 'attempts', 'error', '']
      : state === 'RUNNING'
        ? ['kind', 'startedAt', 'progress', 'attempts', 'status', '']
        : ['kind', 'createdAt', 'runAfter', 'attempts', 'lastError', ''];
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid={`jobs-table-${state}`} css={{ '& th': { fontSize: 'xs' } }}>
        <Table.Header>
          <Table.Row>
            {headers.map((h, i) => (
              <Table.ColumnHeader key={h || i}>{h ? t(`monitoring.jobs.columns.${h}`) : ''}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobs.map((job) => (
            <Table.Row key={job.id} data-testid="job-row" data-id={job.id} data-kind={job.kind}>
              <Table.Cell>
                <Text title={job.kind}>{jobKindName(job.kind, t)}</Text>
                <Text fontSize="2xs" color="fg.subtle" title={`${job.id} ${job.payload}`}>
                  …{job.id.slice(-8)}
                </Text>
              </Table.Cell>
              {state === 'FAILED' && (
                <Table.Cell whiteSpace="nowrap">{formatInstant(job.finishedAt, locale)}</Table.Cell>
              )}
              {state === 'RUNNING' && (
                <Table.Cell whiteSpace="nowrap">{formatInstant(job.startedAt, locale)}</Table.Cell>
              )}
              {state === 'QUEUED' && (
                <Table.Cell whiteSpace="nowrap">{formatInstant(job.createdAt, locale)}</Table.Cell>
              )}
              {state === 'QUEUED' && <Table.Cell whiteSpace="nowrap">{formatInstant(job.runAfter, locale)}</Table.Cell>}
              {state === 'RUNNING' && (
                <Table.Cell minW="32">
                  <HStack gap="2">
                    <Bar percent={job.progress} />
                    <Text fontSize="xs">{formatNumber(job.progress, locale)} %</Text>
                  </HStack>
                </Table.Cell>
              )}
              <Table.Cell>
                {t('monitoring.jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}
              </Table.Cell>
              {state === 'RUNNING' && (
                <Table.Cell>
                  {job.isStalled ? (
                    <Badge colorPalette="orange" data-testid="job-stalled">
                      {t('monitoring.jobs.stalled')}
                    </Badge>
                  ) : job.cancelRequestedAt ? (
                    <Badge colorPalette="gray">{t('monitoring.jobs.cancelRequested')}</Badge>
                  ) : (
                    <Badge colorPalette="green">{t('monitoring.jobs.running')}</Badge>
                  )}
                </Table.Cell>
              )}
              {state !== 'RUNNING' && (
                <Table.Cell>
                  <JobError job={job} />
                </Table.Cell>
              )}
              <Table.Cell textAlign="end">
                {state === 'FAILED' ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="brand"
                    onClick={() => setConfirm({ job, action: 'retry' })}
                    data-testid="job-retry"
                  >
                    {t('monitoring.jobs.retry')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    disabled={Boolean(job.cancelRequestedAt)}
                    onClick={() => setConfirm({ job, action: 'cancel' })}
                    data-testid="job-cancel"
                  >
                    {t('monitoring.jobs.cancel')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
          {jobs.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={headers.length}>
                <Center py="6" color="fg.muted" data-testid="jobs-empty">
                  {t(`monitoring.jobs.empty.${state}`)}
                </Center>
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
      <Pager page={page} pageSize={pageSize} total={total} onPageChange={onPageChange} testId="jobs-pager" />
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm?.action === 'retry' ? 'monitoring.jobs.retryTitle' : 'monitoring.jobs.cancelTitle')}
        confirmLabel={t(confirm?.action === 'retry' ? 'monitoring.jobs.retry' : 'monitoring.jobs.cancel')}
        successMessage={t(
          confirm?.action === 'retry'
            ? 'monitoring.jobs.retried'
            : confirm?.job.state === 'RUNNING'
              ? 'monitoring.jobs.cancelAsked'
              : 'monitoring.jobs.cancelled',
        )}
        danger={confirm?.action === 'cancel'}
        testId="job-action-dialog"
        revalidates={REVALIDATES}
        onConfirm={() =>
          confirm!.action === 'retry'
            ? retry.trigger({ jobId: confirm!.job.id })
            : cancel.trigger({ jobId: confirm!.job.id })
        }
        onClose={() => setConfirm(null)}
      >
        <Text>
          {t(
            confirm?.action === 'retry'
              ? 'monitoring.jobs.retryText'
              : confirm?.job.state === 'RUNNING'
                ? 'monitoring.jobs.cancelRunningText'
                : 'monitoring.jobs.cancelText',
            { kind: confirm ? jobKindName(confirm.job.kind, t) : '' },
          )}
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
