import { Alert, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageError, PageSpinner } from '../../../components/feedback/page-state';
import { PageHeader } from '../../../components/layout/page-header';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetDatafileUploadingProgress } from '../api/use-get-datafile-uploading-progress';
import { useGetDraftedDatafile } from '../api/use-get-drafted-datafile';
import { useGetUploadCheck } from '../api/use-get-upload-check';
import { useGetUploadPreview } from '../api/use-get-upload-preview';
import { useSaveDraftDatafileColumns } from '../api/use-save-draft-datafile-columns';
import { Step2Body } from '../components/step2-body';
import { UploadSteps } from '../components/upload-steps';
import type { UploadIssue } from '../api/use-get-upload-check';
import { initialDraft, localIssues, pointOfIssue, toInput, type Draft } from '../state/columns';
import { localIssueMessage, uploadErrorMessage } from '../state/messages';

const NO_ISSUES: UploadIssue[] = [];
const NO_LOCAL_ISSUES: ReturnType<typeof localIssues> = [];

/**
 * Upload step 2: the preview of the first rows, a type for every column (the suggestions
 * pre-selected), the settings of grids, open-ended and projective questions and durations, and the
 * check of the whole file, whose problems show at their columns.
 */
export function UploadStep2Page() {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const datafileId = new URLSearchParams(useSearch()).get('datafileId');
  const drafted = useGetDraftedDatafile(datafileId);
  const preview = useGetUploadPreview(datafileId);
  const check = useGetUploadCheck(datafileId);
  const save = useSaveDraftDatafileColumns();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [waiting, setWaiting] = useState(false);
  // Step 3's own query goes out while the check runs: step 3 then renders the estimate at once.
  useGetDatafileUploadingProgress(datafileId, waiting);
  const [showLocal, setShowLocal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const file = drafted.data?.getDraftedDatafile;
  const data = preview.data?.getUploadPreview;

  useEffect(() => {
    if (!draft && file && data)
      setDraft(
        initialDraft(
          data.columns.map((c) => c.name),
          file.datapointsMetadata,
          data.suggestedColumns,
        ),
      );
  }, [draft, file, data]);

  const state = check.data?.getUploadCheck;
  useEffect(() => {
    if (!waiting || !state || state.state === 'PENDING' || state.state === 'RUNNING') return;
    setWaiting(false);
    performance.mark('upload:check-answer-seen');
    if (state.state === 'DONE' && state.issues.length === 0 && state.estimate)
      navigate(`/upload-dataset/step3?datafileId=${encodeURIComponent(datafileId!)}`);
  }, [waiting, state, navigate, datafileId]);

  const local = useMemo(() => (draft ? localIssues(draft) : []), [draft]);
  // The same empty lists when nothing is shown (the click without problems, the check running), so
  // neither rebuilds the messages and with them the editor.
  const shownLocal = showLocal && local.length > 0 ? local : NO_LOCAL_ISSUES;
  const serverIssues = !waiting && state?.state === 'DONE' && state.issues.length > 0 ? state.issues : NO_ISSUES;
  const { byColumn, byPoint, general } = useMemo(() => {
    const byColumn = new Map<string, string[]>();
    const byPoint = new Map<string, string[]>();
    const general: string[] = [];
    const add = (key: string | undefined, column: string | undefined, message: string) => {
      if (key) byPoint.set(key, [...(byPoint.get(key) ?? []), message]);
      if (column) byColumn.set(column, [...(byColumn.get(column) ?? []), message]);
      if (!key && !column) general.push(message);
    };
    if (draft) {
      for (const issue of shownLocal) {
        const point = draft.find((p) => p.key === issue.key);
        add(point?.key, point?.columns[0], localIssueMessage(locale, issue));
      }
      for (const issue of serverIssues) {
        const point = pointOfIssue(draft, issue);
        const column =
          issue.column && data?.columns.some((c) => c.name === issue.column) ? issue.column : point?.columns[0];
        add(point?.key, column, issue.message);
      }
    }
    return { byColumn, byPoint, general };
  }, [draft, shownLocal, serverIssues, locale, data]);

  if (!datafileId) return <Redirect to="/upload-dataset/step1" replace />;
  if (drafted.isLoading || preview.isLoading) return <PageSpinner />;
  if (drafted.error || !file) return <PageError onRetry={() => void drafted.mutate()} />;
  if (file.upload.status === 'PROCESSING' || file.upload.status === 'READY')
    return <Redirect to={`/upload-dataset/step3?datafileId=${encodeURIComponent(datafileId)}`} replace />;
  if (preview.error || !data) {
    return (
      <Box maxW="3xl">
        <PageHeader
          title={t('uploads.step2.title')}
          crumbs={[{ label: t('nav.dashboard'), href: '/' }, { label: t('routes.uploadStep2') }]}
        />
        <UploadSteps current={2} />
        <Alert.Root status="error" mb="4" data-testid="upload-preview-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('uploads.step2.loadError')}</Alert.Title>
            <Alert.Description>{uploadErrorMessage(locale, preview.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button
          variant="outline"
          onClick={() => navigate(`/upload-dataset/step1?datafileId=${encodeURIComponent(datafileId)}`)}
        >
          {t('uploads.step3.toStep1')}
        </Button>
      </Box>
    );
  }
  if (!draft) return <PageSpinner />;

  const submit = async () => {
    setError(null);
    setShowLocal(true);
    if (local.length) return;
    // Performance marks of the wait for the check (read by `npm run bench:pages`, visible in DevTools).
    performance.mark('upload:check-clicked');
    try {
      const started = await save.save({ datafileId, selectedColumns: toInput(draft) });
      performance.mark('upload:check-saved');
      // The save's answer is the new check's state. Put in first, it drops every read of the check
      // begun before it (a job event's, a poll's), whose older answer (NOT_STARTED, or the last
      // check's DONE) would otherwise end the wait with the page left on step 2; then ask once.
      await check.mutate({ getUploadCheck: started }, { revalidate: false });
      setWaiting(true);
      void check.mutate();
    } catch (e) {
      setError(uploadErrorMessage(locale, e));
    }
  };
  const problems = (showLocal ? local.length : 0) + serverIssues.length;
  return (
    <Box>
      <PageHeader
        title={t('uploads.step2.title')}
        subtitle={t('uploads.step2.subtitle', { title: file.name })}
        crumbs={[{ label: t('nav.dashboard'), href: '/' }, { label: t('routes.uploadStep2') }]}
      />
      <UploadSteps current={2} />
      <Stack gap="6">
        <Step2Body
          datafileId={datafileId}
          upload={file.upload}
          preview={data}
          draft={draft}
          byColumn={byColumn}
          byPoint={byPoint}
          setDraft={setDraft}
          setError={setError}
        />
        {(problems > 0 || general.length > 0) && (
          <Alert.Root status="error" data-testid="upload-issues">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('uploads.step2.issuesTitle')}</Alert.Title>
              <Alert.Description>
                <Text>{t('uploads.step2.problemsFound', { count: problems })}</Text>
                {general.map((m) => (
                  <Text key={m}>{m}</Text>
                ))}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <ErrorAlert message={error} onDismiss={() => setError(null)} />
        {waiting && (
          <Box data-testid="upload-check-progress">
            <Text fontSize="sm" mb="1">
              {t('uploads.step2.checking', {
                format: data.source.format,
                percent: formatNumber(state?.progress ?? 0, locale),
              })}
            </Text>
            <Progress.Root value={state?.progress ?? 0} size="sm" colorPalette="brand">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Box>
        )}
        <HStack justify="space-between">
          <Button
            variant="outline"
            onClick={() => navigate(`/upload-dataset/step1?datafileId=${encodeURIComponent(datafileId)}`)}
          >
            {t('uploads.step2.back')}
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => void submit()}
            loading={save.isMutating || waiting}
            data-testid="upload-step2-next"
          >
            {t('uploads.step2.check')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
