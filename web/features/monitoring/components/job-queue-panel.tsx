import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Field,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { PageError } from '../../../components/feedback/page-state';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetJobQueueSummary, type JobKindSummary } from '../api/use-get-job-queue-summary';
import { useGetJobs } from '../api/use-get-jobs';
import { JobsTable, type JobListState } from './jobs-table';
import { formatDuration, jobKindName } from './units';

const PAGE_SIZE = 10;
const STATES: JobListState[] = ['FAILED', 'QUEUED', 'RUNNING'];

function KindSummaryTable({ kinds }: { kinds: readonly JobKindSummary[] }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const columns = [
    'kind',
    'waiting',
    'running',
    'failed',
    'succeededLastDay',
    'failedLastDay',
    'processingP50',
    'processingP95',
    'waitingP50',
    'waitingP95',
  ];
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="job-kinds-table" css={{ '& th': { fontSize: 'xs', verticalAlign: 'bottom' } }}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} textAlign={c === 'kind' ? 'start' : 'end'}>
                {t(`monitoring.queue.columns.${c}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {kinds.map((k) => (
            <Table.Row
              key={k.kind}
              data-testid="job-kind-row"
              data-kind={k.kind}
              css={{ '& td': { fontVariantNumeric: 'tabular-nums' } }}
            >
              <Table.Cell title={k.kind}>{jobKindName(k.kind, t)}</Table.Cell>
              <Table.Cell textAlign="end">{n(k.waiting)}</Table.Cell>
              <Table.Cell textAlign="end">{n(k.running)}</Table.Cell>
              <Table.Cell textAlign="end">
                {k.failed > 0 ? <Badge colorPalette="red">{n(k.failed)}</Badge> : n(k.failed)}
              </Table.Cell>
              <Table.Cell textAlign="end">{n(k.succeededLastDay)}</Table.Cell>
              <Table.Cell textAlign="end">{n(k.failedLastDay)}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="job-kind-p50">
                {formatDuration(k.processingP50Ms, locale)}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(k.processingP95Ms, locale)}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(k.waitingP50Ms, locale)}</Table.Cell>
              <Table.Cell textAlign="end">{formatDuration(k.waitingP95Ms, locale)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The job queue: every kind's counts and last-day times, and the jobs of one state (failed first) with their actions. */
export function JobQueuePanel() {
  const t = useT();
  const locale = useLocale();
  const summary = useGetJobQueueSummary();
  const [state, setState] = useState<JobListState>('FAILED');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const jobs = useGetJobs({
    filters: { states: [state], kind: kind || null },
    paginationInfo: { page, limit: PAGE_SIZE },
  });
  const kinds = summary.data?.getJobQueueSummary.kinds ?? [];
  const countOf = (s: JobListState) =>
    kinds.reduce((sum, k) => sum + (s === 'FAILED' ? k.failed : s === 'QUEUED' ? k.waiting : k.running), 0);
  const list = jobs.data?.getJobs;
  return (
    <Card.Root variant="outline" bg="bg" data-testid="job-queue-panel">
      <Card.Header pb="0">
        <Heading size="md">{t('monitoring.queue.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('monitoring.queue.subtitle')}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {summary.error && !summary.data ? (
            <PageError onRetry={() => void summary.mutate()} />
          ) : !summary.data ? (
            <Center py="6">
              <Spinner />
            </Center>
          ) : (
            <KindSummaryTable kinds={kinds} />
          )}
          <Flex wrap="wrap" gap="3" align="flex-end" justify="space-between">
            <HStack gap="1" role="tablist">
              {STATES.map((s) => (
                <Button
                  key={s}
                  size="sm"
                  role="tab"
                  aria-selected={state === s}
                  variant={state === s ? 'solid' : 'ghost'}
                  colorPalette={s === 'FAILED' && countOf(s) > 0 ? 'red' : 'brand'}
                  onClick={() => {
                    setState(s);
                    setPage(1);
                  }}
                  data-testid={`jobs-tab-${s}`}
                >
                  {t(`monitoring.jobs.tabs.${s}`)}
                  {summary.data && (
                    <Badge variant={state === s ? 'surface' : 'subtle'} ml="1">
                      {formatNumber(countOf(s), locale)}
                    </Badge>
                  )}
                </Button>
              ))}
            </HStack>
            <Field.Root w="56">
              <Field.Label fontSize="xs">{t('monitoring.jobs.kind')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={kind}
                  onChange={(e) => {
                    setKind(e.currentTarget.value);
                    setPage(1);
                  }}
                  data-testid="jobs-kind"
                >
                  <option value="">{t('monitoring.jobs.allKinds')}</option>
                  {kinds.map((k) => (
                    <option key={k.kind} value={k.kind}>
                      {jobKindName(k.kind, t)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Flex>
          {jobs.error && !list ? (
            <PageError onRetry={() => void jobs.mutate()} />
          ) : !list ? (
            <Center py="6">
              <Spinner />
            </Center>
          ) : (
            // While another tab's list loads, the previous answer stays: show only rows of this state.
            <JobsTable
              state={state}
              jobs={list.jobs.filter((j) => j.state === state)}
              page={page}
              pageSize={PAGE_SIZE}
              total={list.pageInfo.total}
              onPageChange={setPage}
            />
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
