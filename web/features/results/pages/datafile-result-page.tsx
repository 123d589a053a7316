import { Box, Button, Flex, Spinner, Switch, Tabs, Text } from '@chakra-ui/react';
import { createContext, memo, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { CenteredMessage, PageError, PageSpinner } from '../../../components/feedback/page-state';
import { PageHeader } from '../../../components/layout/page-header';
import { refusalOf } from '../../../lib/graphql-client';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useDatafileResult, type DatafileResult } from '../api/use-datafile-result';
import { InterviewDialog } from '../components/interview-dialog';
import { DuplicatesTab } from '../components/duplicates-tab';
import { RawTab } from '../components/raw-tab';
import { ResultHeader } from '../components/result-header';
import { ScoreTab } from '../components/score-tab';
import { ColumnsError, columnsUrl, createColumnsClient, type ColumnsClient } from '../data/columns-client';
import type { PlainTable } from '../data/protocol';
import { markResultLoad } from '../data/load-marks';
import { decodedScoreTable, loadScoreTable, scoreTableRequest } from '../data/score-table';
import { gridItems } from '../model/columns';
import { presentKinds, type ResultDataPoint, type ScoreKind } from '../model/score-tabs';
import { TIME_RATIO_COLUMN } from '../model/columns';

type Loaded = { status: 'loading' } | { status: 'failed'; code: string } | { status: 'ready'; table: PlainTable };

/**
 * The score table reaches the open score tab through context: when it arrives, only that tab renders
 * again, not the page's header and tabs (Chakra components whose styles are computed on every render;
 * that render stood between the decoded rows and their first frame).
 */
const ScoresContext = createContext<Loaded>({ status: 'loading' });

/**
 * The score columns and the raw total duration, in one request to the columns route (the worker
 * decodes them); boot may have sent it already, and a table this tab decoded before is shown at once.
 */
function useScoreData(file: DatafileResult | undefined): Loaded {
  const request = file ? scoreTableRequest(file) : null;
  const key = request?.key;
  const [state, setState] = useState<Loaded & { key?: string }>(() => {
    const table = file ? decodedScoreTable(file) : undefined;
    return table ? { status: 'ready', table, key } : { status: 'loading' };
  });
  useEffect(() => {
    if (!file || !key) return undefined;
    const decoded = decodedScoreTable(file);
    if (decoded) {
      setState((s) => (s.status === 'ready' && s.key === key ? s : { status: 'ready', table: decoded, key }));
      return undefined;
    }
    let live = true;
    loadScoreTable(file)
      ?.then((table) => {
        if (live) setState({ status: 'ready', table, key });
      })
      .catch((error: unknown) => {
        if (live)
          setState({
            status: 'failed',
            code: error instanceof ColumnsError ? error.failure.code : 'GENERAL_ERROR',
            key,
          });
      });
    return () => {
      live = false;
    };
    // The key names the revision and the columns: a new revision (re-upload, a live import) loads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // A table of an earlier revision is not shown as this one's while the new one loads.
  return state.key === key ? state : { status: 'loading' };
}

/**
 * /datafile-result?datafileId=…: the header from GraphQL at once, then every interview's scores in
 * one binary request (decoded in a worker), shown per score as a histogram in the score bands and a
 * virtualised table; the raw data tab loads the uploaded columns when first opened.
 */
/** `datafileActions` adds buttons of other features (the export, the report link) beside the worksheet's; the app wires them. */
export function DatafileResultPage({ datafileActions }: { datafileActions?: (datafileId: string) => ReactNode } = {}) {
  const t = useT();
  const datafileId = new URLSearchParams(useSearch()).get('datafileId');
  const { data, error, isLoading, mutate } = useDatafileResult(datafileId);
  const client = useMemo(() => createColumnsClient(), []);
  useEffect(() => () => client.dispose(), [client]);
  const file = data?.getDatafile;
  useEffect(() => void (file && markResultLoad('mounted')), [file]);
  const scores = useScoreData(file);
  const kinds = useMemo(
    () => (file ? presentKinds(file.qualityScores, file.scoreColumns, file.meanCombinedScore) : []),
    [file],
  );
  const [tab, setTab] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  // The interview dialog mounts when first opened and stays (its closing animation): closed, its
  // Chakra dialog machine and styles were set up on the first render, before the rows.
  const [dialogUsed, setDialogUsed] = useState(false);
  const [showCareless, setShowCareless] = useState(false);
  const [careless, setCareless] = useState<PlainTable | null>(null);
  const grids = useMemo(() => (file ? gridItems(file.dataPoints) : []), [file]);

  useEffect(() => {
    if (!showCareless || careless || !file || grids.length === 0) return;
    let live = true;
    client
      .careless(columnsUrl(file.id, { file: 'raw', columns: grids.flatMap((g) => g.columns) }), grids)
      .then(({ table }) => {
        if (live) setCareless(table);
      })
      .catch(() => {
        if (live) setShowCareless(false);
      });
    return () => {
      live = false;
    };
  }, [showCareless, careless, file, grids, client]);

  const onOpen = useCallback((row: number) => {
    setDialogUsed(true);
    setOpen(row);
  }, []);
  const onClose = useCallback(() => setOpen(null), []);
  const onRetry = useCallback(() => void mutate(), [mutate]);

  if (!datafileId)
    return (
      <CenteredMessage title={t('results.missingIdTitle')} text={t('results.missingId')}>
        <Button asChild size="sm" variant="outline">
          <Link href="/datafiles">{t('results.toDatafiles')}</Link>
        </Button>
      </CenteredMessage>
    );
  if (isLoading && !data) return <PageSpinner />;
  if (error) {
    const code = refusalOf(error).code;
    if (code === 'NO_DATAFILE_FOUND' || code === 'INVALID_ID')
      return (
        <CenteredMessage title={t('results.notFoundTitle')} text={t('results.notFound')}>
          <Button asChild size="sm" variant="outline">
            <Link href="/datafiles">{t('results.toDatafiles')}</Link>
          </Button>
        </CenteredMessage>
      );
    return <PageError onRetry={() => void mutate()} />;
  }
  if (!file || !data) return <PageSpinner />;

  if (file.revision === 0) {
    const crumbs = [{ label: t('routes.datafiles'), href: '/datafiles' }, { label: file.title }];
    return (
      <Box data-testid="datafile-result-page">
        <PageHeader title={file.title} crumbs={crumbs} />
        <CenteredMessage
          title={t('results.noRevisionTitle')}
          text={t(noRevisionText(file), { action: t('datafiles.actions.reupload') })}
        />
      </Box>
    );
  }

  const worksheetHref = `/datafile-work-sheet?datafileId=${encodeURIComponent(file.id)}`;
  return (
    <div data-testid="datafile-result-page" data-ready={scores.status === 'ready' ? 'true' : undefined}>
      <ResultFrame file={file} data={data} worksheetHref={worksheetHref} datafileActions={datafileActions} />
      <ScoresContext.Provider value={scores}>
        <ResultTabs
          file={file}
          kinds={kinds}
          active={tab ?? kinds[0] ?? 'raw'}
          onTab={setTab}
          grids={grids}
          showCareless={showCareless}
          onShowCareless={setShowCareless}
          careless={careless}
          client={client}
          onOpen={onOpen}
          onRetry={onRetry}
          worksheetHref={worksheetHref}
        />
      </ScoresContext.Provider>
      {dialogUsed && (
        <InterviewDialog
          datafileId={file.id}
          row={open}
          client={client}
          onClose={onClose}
          points={file.dataPoints}
          timeRatio={
            open !== null && scores.status === 'ready' ? scores.table.numeric[TIME_RATIO_COLUMN]?.[open] : undefined
          }
        />
      )}
    </div>
  );
}

/** The page's title, crumbs, actions and header: rendered once per answer of the page's query. */
const ResultFrame = memo(function ResultFrame({
  file,
  data,
  worksheetHref,
  datafileActions,
}: {
  file: DatafileResult;
  data: NonNullable<ReturnType<typeof useDatafileResult>['data']>;
  worksheetHref: string;
  datafileActions?: (datafileId: string) => ReactNode;
}) {
  const t = useT();
  return (
    <>
      <PageHeader
        title={file.title}
        crumbs={[{ label: t('routes.datafiles'), href: '/datafiles' }, { label: file.title }]}
        actions={
          <Flex gap="2" flexShrink={0}>
            {datafileActions?.(file.id)}
            <Button asChild size="sm" variant="outline">
              <Link href={worksheetHref}>{t('results.toWorksheet')}</Link>
            </Button>
          </Flex>
        }
      />
      <ResultHeader file={file} summary={data.getDataRecordSummaryForDatafile} />
    </>
  );
});

/** The tabs; the open score tab reads the score table from ScoresContext (so its arrival renders that tab alone). */
const ResultTabs = memo(function ResultTabs({
  file,
  kinds,
  active,
  onTab,
  grids,
  showCareless,
  onShowCareless,
  careless,
  client,
  onOpen,
  onRetry,
  worksheetHref,
}: {
  file: DatafileResult;
  kinds: readonly ScoreKind[];
  active: string;
  onTab: (tab: string) => void;
  grids: readonly unknown[];
  showCareless: boolean;
  onShowCareless: (on: boolean) => void;
  careless: PlainTable | null;
  client: ColumnsClient;
  onOpen: (row: number) => void;
  onRetry: () => void;
  worksheetHref: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Tabs.Root value={active} onValueChange={(d) => onTab(d.value)} variant="line" lazyMount unmountOnExit>
      <Flex align="center" justify="space-between" gap="4">
        <Tabs.List flexWrap="wrap">
          <Tabs.Trigger value="raw" data-testid="tab-raw">
            {t('results.tabs.raw')}
          </Tabs.Trigger>
          <Tabs.Trigger value="cleaned" data-testid="tab-cleaned">
            {t('results.tabs.cleaned')}
          </Tabs.Trigger>
          {kinds.map((k) => (
            <Tabs.Trigger key={k} value={k} data-testid={`tab-${k}`}>
              {t(`results.kinds.${k}`)}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value="duplicates" data-testid="tab-duplicates">
            {t('results.tabs.duplicates')}
          </Tabs.Trigger>
        </Tabs.List>
        {grids.length > 0 && (
          <Switch.Root
            size="sm"
            checked={showCareless}
            onCheckedChange={(d) => onShowCareless(d.checked)}
            data-testid="careless-toggle"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              {t('results.showCareless')}
              {showCareless && !careless ? <Spinner size="xs" ml="2" /> : null}
            </Switch.Label>
          </Switch.Root>
        )}
      </Flex>
      {/* Only the open tab's content is rendered: a closed Chakra Tabs.Content still computes its styles
          before it renders nothing (lazyMount), a dozen of them on every render of the tabs. */}
      {active === 'raw' && (
        <Tabs.Content value="raw">
          <RawTab datafileId={file.id} client={client} onOpen={onOpen} />
        </Tabs.Content>
      )}
      {active === 'duplicates' && (
        <Tabs.Content value="duplicates">
          <DuplicatesTab datafileId={file.id} />
        </Tabs.Content>
      )}
      {active === 'cleaned' && (
        <Tabs.Content value="cleaned">
          <CleanedTab file={file} worksheetHref={worksheetHref} locale={locale}>
            {file.isCleaned ? <RawTab datafileId={file.id} client={client} onOpen={onOpen} cleanedOnly /> : null}
          </CleanedTab>
        </Tabs.Content>
      )}
      {kinds.includes(active as ScoreKind) && (
        <Tabs.Content key={active} value={active}>
          <ScorePanel
            kind={active as ScoreKind}
            kinds={kinds}
            records={file.numberOfRecords}
            careless={showCareless ? careless : null}
            points={file.dataPoints}
            onOpen={onOpen}
            onRetry={onRetry}
          />
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
});

/** One score's tab content: a spinner until the score table is decoded, then its histogram and table. */
function ScorePanel({
  kind,
  kinds,
  records,
  careless,
  points,
  onOpen,
  onRetry,
}: {
  kind: ScoreKind;
  kinds: readonly ScoreKind[];
  records: number;
  careless: PlainTable | null;
  points: readonly ResultDataPoint[];
  onOpen: (row: number) => void;
  onRetry: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const scores = useContext(ScoresContext);
  if (scores.status === 'loading')
    return (
      <Box py="16" textAlign="center" role="status">
        <Spinner />
        <Text mt="2" color="fg.muted" fontSize="sm">
          {t('results.loadingInterviews', { rows: formatNumber(records, locale) })}
        </Text>
      </Box>
    );
  if (scores.status === 'failed') return <PageError onRetry={onRetry} />;
  if (scores.table.rows === 0)
    return (
      <Text py="10" textAlign="center" color="fg.muted">
        {t('results.noInterviews')}
      </Text>
    );
  return <ScoreTab kind={kind} kinds={kinds} data={scores.table} careless={careless} points={points} onOpen={onOpen} />;
}

/** The cleaning's counts, the way to the worksheet, and (`children`) the kept interviews' table once cleaned. */
function CleanedTab({
  file,
  worksheetHref,
  locale,
  children,
}: {
  file: DatafileResult;
  worksheetHref: string;
  locale: ReturnType<typeof useLocale>;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Box py="6" data-testid="cleaned-tab">
      {file.isCleaned ? (
        <Text mb="4">
          {t('results.cleanedSummary', {
            kept: formatNumber(file.numberOfCleanedRecords, locale),
            total: formatNumber(file.numberOfRecords, locale),
            removed: formatNumber(file.numberOfRecords - file.numberOfCleanedRecords, locale),
          })}
        </Text>
      ) : (
        <Text mb="4" data-testid="not-cleaned">
          {t('results.notCleaned')}
        </Text>
      )}
      <Button asChild size="sm" colorPalette="brand" mb="5">
        <Link href={worksheetHref}>{t(file.isCleaned ? 'results.openWorksheet' : 'results.cleanInWorksheet')}</Link>
      </Button>
      {children}
    </Box>
  );
}

/** Why a datafile has no published revision yet: its upload failed, a live import has had no respondent, it is still processing, or it holds no interview data. */
function noRevisionText(file: { status: string; importType: string }): string {
  if (file.status === 'ERROR') return 'results.noRevisionError';
  if (file.importType === 'LIVE') return 'results.noRevisionLive';
  if (file.status === 'READY') return 'results.noRevisionReady';
  return 'results.noRevision';
}
